/** The question dialog itself (see ElicitationDialog): loaded the first time a server asks the person something. */
import { ExportOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Form, Modal, Typography } from 'antd';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElicitationAction, ElicitationRequest } from '@shared/contracts/elicitation';
import { errorData } from '@shared/errorData';
import type { AppErrorShape } from '@shared/errors';
import { elicitationFields } from '@mcp-common/elicitationForm';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { translateError } from '@renderer/components/translateError';
import { VisibleText } from '@renderer/components/VisibleText';
import { useRouteMutation } from '@renderer/data/useRoute';
import { ElicitationFields } from './ElicitationFields';
import { answerContent, initialValues, type FormValue } from './elicitationValues';

const contentIssues = (error: AppErrorShape) =>
  (errorData(error, 'ELICITATION_INVALID_CONTENT')?.issues ?? []).flatMap((i) =>
    i.path.startsWith('content.') ? [{ name: i.path.slice('content.'.length), message: i.message }] : [],
  );

/**
 * Enter in a text or number field answers, as in any form; not while an IME composes (Chinese,
 * Japanese), nor in a select or date picker, where Enter picks the highlighted option.
 */
function isSubmitKey(e: KeyboardEvent<HTMLFormElement>): boolean {
  const target = e.target;
  if (e.key !== 'Enter' || e.nativeEvent.isComposing || !(target instanceof HTMLInputElement)) return false;
  if (['checkbox', 'radio'].includes(target.type) || target.getAttribute('role') === 'combobox' || target.closest('.ant-picker')) return false;
  e.preventDefault();
  return true;
}

export function QuestionModal({ request, waiting, onDone }: { request: ElicitationRequest; waiting: number; onDone: (requestId: string) => void }) {
  const { t, i18n } = useTranslation(['serverRequests', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, FormValue>>();
  const fields = useMemo(() => (request.mode === 'form' ? elicitationFields(request.requestedSchema) : []), [request]);
  const initial = useMemo(() => initialValues(fields), [fields]);
  const [sending, setSending] = useState<ElicitationAction | undefined>();
  const respond = useRouteMutation('mcp.elicitation_respond');
  const body = useRef<HTMLDivElement>(null);
  const acceptButton = useRef<HTMLButtonElement>(null);
  // Once open (the modal focuses itself first): the first field, or Accept when there is nothing to
  // fill. Never "Open link": one stray Enter must not open a page the person has not read.
  const focusFirst = (open: boolean) => {
    if (!open) return;
    const first = body.current?.querySelector<HTMLElement>('input:not([type=hidden]):not([disabled]), textarea');
    (first ?? (request.mode === 'form' ? acceptButton.current : null))?.focus();
  };

  const send = async (action: ElicitationAction) => {
    let content;
    if (action === 'accept' && request.mode === 'form') {
      try {
        content = answerContent(fields, await form.validateFields());
      } catch (invalid) {
        // The fields say what is wrong; the first of them gets the focus, so the person types there.
        const first = (invalid as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
        if (first) form.focusField(first.name);
        return;
      }
    }
    if (action === 'accept' && request.mode === 'url') window.open(request.url, '_blank', 'noopener,noreferrer');
    setSending(action);
    try {
      await respond.mutateAsync({ requestId: request.requestId, action, ...(content ? { content } : {}) });
      onDone(request.requestId);
    } catch (err) {
      const error = err as AppErrorShape;
      if (error.code === 'ELICITATION_NOT_PENDING') {
        void message.warning(translateError(tErrors, error));
        onDone(request.requestId);
      } else form.setFields(contentIssues(error).map(({ name, message: text }) => ({ name, errors: [text] })));
    } finally {
      setSending(undefined);
    }
  };

  const expires = new Date(request.expiresAt).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const busy = sending !== undefined;
  return (
    <Modal
      open
      data-testid="elicitation-dialog"
      title={
        <Typography.Text ellipsis={{ tooltip: request.serverName }} className="dialog-title-text">
          {t('dialog.title', { server: request.serverName })}
        </Typography.Text>
      }
      // Esc and the close button are the spec's "cancel": dismissed without a choice.
      onCancel={() => void send('cancel')}
      closable={{ 'aria-label': t('dialog.cancel') }}
      mask={{ closable: false }}
      afterOpenChange={focusFirst}
      width={560}
      centered
      // A long form scrolls inside; the question's title and the answer buttons stay in view.
      classNames={{ body: 'review-modal-body' }}
      footer={
        <Flex gap="small" justify="flex-end" wrap>
          <Button data-testid="elicitation-cancel" disabled={busy} loading={sending === 'cancel'} onClick={() => void send('cancel')}>
            {t('dialog.cancel')}
          </Button>
          <Button data-testid="elicitation-decline" danger disabled={busy} loading={sending === 'decline'} onClick={() => void send('decline')}>
            {t('dialog.decline')}
          </Button>
          <Button
            data-testid="elicitation-accept"
            type="primary"
            icon={request.mode === 'url' ? <ExportOutlined aria-hidden /> : undefined}
            disabled={busy}
            loading={sending === 'accept'}
            onClick={() => void send('accept')}
            ref={acceptButton}
          >
            {request.mode === 'url' ? t('dialog.openLink') : t('dialog.accept')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap="small" ref={body}>
        {request.toolName ? (
          <Typography.Text type="secondary" ellipsis={{ tooltip: request.toolName }}>
            {t('dialog.fromTool', { tool: request.toolName })}
          </Typography.Text>
        ) : null}
        {/* Plain text: whatever the server writes is shown, never interpreted as markup. */}
        <Typography.Paragraph data-testid="elicitation-message" className="elicitation-message">
          <VisibleText text={request.message} multiline />
        </Typography.Paragraph>
        {request.mode === 'url' ? (
          <>
            <Typography.Text type="secondary">{t('dialog.urlIntro')}</Typography.Text>
            {/* The host first, in bold: the part of a link that says whose page it is. */}
            <div data-testid="elicitation-url" className="elicitation-url">
              <Typography.Text strong>{new URL(request.url).host}</Typography.Text>
              <Typography.Paragraph copyable={{ text: request.url }} className="mono text-sm break-all m-0">
                {request.url}
              </Typography.Paragraph>
            </div>
            <Alert type="warning" showIcon title={t('dialog.urlWarning')} />
          </>
        ) : fields.length === 0 ? (
          <Typography.Text type="secondary">{t('dialog.confirmOnly')}</Typography.Text>
        ) : (
          <Form form={form} layout="vertical" initialValues={initial} requiredMark disabled={busy} onKeyDown={(e) => isSubmitKey(e) && void send('accept')}>
            <ElicitationFields fields={fields} />
          </Form>
        )}
        {respond.error && respond.error.code !== 'ELICITATION_NOT_PENDING' && contentIssues(respond.error).length === 0 ? (
          <ErrorAlert error={respond.error} title={t('dialog.sendFailed')} />
        ) : null}
        {/* One sentence a line: joining them with a space reads wrong in Chinese and Japanese. */}
        <Flex vertical className="fine-print">
          <span>{t(request.mode === 'url' ? 'dialog.actionsHelpUrl' : 'dialog.actionsHelp')}</span>
          <span>{t('dialog.expires', { time: expires })}</span>
          {waiting > 0 ? <strong>{t('dialog.queued', { count: waiting })}</strong> : null}
        </Flex>
      </Flex>
    </Modal>
  );
}
