/** The approval dialog itself (see ApprovalDialog): loaded the first time a call waits for the person. */
import { Alert, App, Button, Checkbox, Descriptions, Flex, Input, Segmented, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalRequest, ToolChange } from '@shared/contracts/chat';
import type { McpToolAnnotations } from '@shared/contracts/mcp-types';
import type { AppErrorShape } from '@shared/errors';
import { canRememberApproval } from '@mcp-common/approvalPolicy';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { translateError } from '@renderer/components/translateError';
import { VisibleText } from '@renderer/components/VisibleText';
import { useRouteMutation } from '@renderer/data/useRoute';
import { annotationTags } from '@renderer/features/settings/components/tabs/tools-tab/server-detail/toolAnnotations';
import { argumentIssueLines, formatArguments, parseArguments, sameArguments } from './approvalArguments';
import { ReviewModal } from './ReviewModal';

type Decision = 'allow_once' | 'allow_chat' | 'deny';

export function ApprovalModal({
  request,
  queue,
  onDone,
  onLater,
}: {
  request: ApprovalRequest;
  queue: ApprovalRequest[];
  onDone: (requestIds: string[]) => void;
  onLater: () => void;
}) {
  const { t } = useTranslation(['serverRequests', 'settings/tools', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const { message } = App.useApp();
  const original = useMemo(() => formatArguments(request.arguments), [request.arguments]);
  const [mode, setMode] = useState<'view' | 'edit'>('view');
  const [text, setText] = useState(original);
  const [includeIdentical, setIncludeIdentical] = useState(false);
  const [sending, setSending] = useState<Decision | undefined>();
  const respond = useRouteMutation('chat.approval_respond');
  const parsed = useMemo(() => parseArguments(text), [text]);
  const edited = parsed.ok && !sameArguments(parsed.value, request.arguments);
  const identical = queue.filter(
    (r) =>
      r.requestId !== request.requestId &&
      r.chatId === request.chatId &&
      r.serverId === request.serverId &&
      r.toolName === request.toolName &&
      sameArguments(r.arguments, request.arguments),
  ).length;
  const issues = argumentIssueLines(respond.error);
  const tool = request.toolTitle ?? request.toolName;
  const busy = sending !== undefined;

  const send = async (decision: Decision) => {
    if (decision !== 'deny' && !parsed.ok) return;
    setSending(decision);
    try {
      await respond.mutateAsync({
        requestId: request.requestId,
        decision,
        ...(decision !== 'deny' && edited && parsed.ok ? { arguments: parsed.value } : {}),
        includeIdentical: includeIdentical && identical > 0,
      });
      onDone([request.requestId]);
    } catch (err) {
      const error = err as AppErrorShape;
      if (error.code === 'CHAT_APPROVAL_NOT_PENDING') {
        void message.warning(translateError(tErrors, error));
        onDone([request.requestId]);
      } else if (error.code === 'VALIDATION_FAILED') setMode('edit');
    } finally {
      setSending(undefined);
    }
  };

  // Enter allows once, but a newline in the arguments editor is a newline; not while an IME composes.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLButtonElement) return;
    e.preventDefault();
    void send('allow_once');
  };

  return (
    <ReviewModal
      testId="approval"
      title={t('approvals.dialog.title')}
      width={600}
      laterLabel={t('approvals.dialog.later')}
      busy={busy}
      onLater={onLater}
      decisions={
        <>
          <Button data-testid="approval-deny" danger disabled={busy} loading={sending === 'deny'} onClick={() => void send('deny')}>
            {t('approvals.dialog.deny')}
          </Button>
          {canRememberApproval(request.reason) ? (
            <Tooltip title={t('approvals.dialog.allowChatHelp', { tool })}>
              <Button data-testid="approval-allow-chat" disabled={busy || !parsed.ok} loading={sending === 'allow_chat'} onClick={() => void send('allow_chat')}>
                {t('approvals.dialog.allowChat')}
              </Button>
            </Tooltip>
          ) : null}
          <Button data-testid="approval-allow-once" type="primary" autoFocus disabled={busy || !parsed.ok} loading={sending === 'allow_once'} onClick={() => void send('allow_once')}>
            {t('approvals.dialog.allowOnce')}
          </Button>
        </>
      }
    >
      <Flex vertical gap="small" onKeyDown={onKeyDown}>
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'server',
              label: t('approvals.dialog.server'),
              children: (
                <Typography.Text ellipsis={{ tooltip: request.serverName }} data-testid="approval-server">
                  <VisibleText text={request.serverName} />
                </Typography.Text>
              ),
            },
            {
              key: 'tool',
              label: t('approvals.dialog.tool'),
              children: (
                <Flex gap="small" align="baseline" wrap className="min-w-0">
                  <Typography.Text strong ellipsis={{ tooltip: tool }} data-testid="approval-tool" className="cap-width">
                    <VisibleText text={tool} />
                  </Typography.Text>
                  {request.toolTitle ? (
                    <Typography.Text code ellipsis={{ tooltip: request.toolName }} className="tool-name-short">
                      <VisibleText text={request.toolName} />
                    </Typography.Text>
                  ) : null}
                </Flex>
              ),
            },
            {
              key: 'annotations',
              label: t('approvals.dialog.annotations'),
              children: <AnnotationTagList annotations={request.annotations} testId="approval-annotation" />,
            },
          ]}
        />
        {request.changed ? <ToolChangeAlert tool={tool} change={request.changed} /> : null}
        <Alert
          data-testid="approval-reason"
          type={request.reason === 'destructive' ? 'error' : 'warning'}
          showIcon
          title={t(`approvals.reason.${request.reason}`, { server: request.serverName })}
        />
        <Flex justify="space-between" align="center" gap="small" wrap>
          <Typography.Text strong>
            {t('approvals.dialog.arguments')} {edited ? <Tag color="blue">{t('approvals.dialog.edited')}</Tag> : null}
          </Typography.Text>
          <Segmented
            size="small"
            value={mode}
            onChange={(value) => setMode(value as 'view' | 'edit')}
            options={[
              { value: 'view', label: t('approvals.dialog.view') },
              { value: 'edit', label: t('approvals.dialog.edit') },
            ]}
          />
        </Flex>
        {mode === 'view' ? (
          <pre
            data-testid="approval-arguments"
            tabIndex={0}
            className="approval-arguments"
          >
            <VisibleText text={parsed.ok ? formatArguments(parsed.value) : text} multiline />
          </pre>
        ) : (
          <Input.TextArea
            data-testid="approval-arguments-editor"
            aria-label={t('approvals.dialog.arguments')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoSize={{ minRows: 4, maxRows: 14 }}
            spellCheck={false}
            status={parsed.ok && issues.length === 0 ? '' : 'error'}
            className="mono text-sm"
          />
        )}
        {!parsed.ok ? <Typography.Text type="danger">{t('approvals.dialog.invalidJson', { message: parsed.message })}</Typography.Text> : null}
        {issues.length > 0 ? (
          <Alert
            type="error"
            showIcon
            data-testid="approval-issues"
            title={t('approvals.dialog.schemaIssues')}
            description={
              <ul className="bullet-list-tight">
                {issues.map((issue) => (
                  <li key={`${issue.path}:${issue.message}`}>
                    {issue.path ? <Typography.Text code>{issue.path}</Typography.Text> : null} {issue.message}
                  </li>
                ))}
              </ul>
            }
          />
        ) : null}
        {mode === 'edit' && edited ? (
          <Button size="small" type="link" className="self-start inline-link-x" onClick={() => setText(original)}>
            {t('approvals.dialog.reset')}
          </Button>
        ) : null}
        {identical > 0 ? (
          <Checkbox data-testid="approval-identical" checked={includeIdentical} onChange={(e) => setIncludeIdentical(e.target.checked)}>
            {t('approvals.dialog.identical', { count: identical })}
          </Checkbox>
        ) : null}
        {respond.error && !['CHAT_APPROVAL_NOT_PENDING', 'VALIDATION_FAILED'].includes(respond.error.code) ? (
          <ErrorAlert error={respond.error} title={t('approvals.dialog.sendFailed')} />
        ) : null}
        <Flex vertical className="fine-print">
          <span>{t('approvals.dialog.keys')}</span>
          {queue.length > 1 ? <strong>{t('approvals.dialog.queued', { count: queue.length - 1 })}</strong> : null}
        </Flex>
      </Flex>
    </ReviewModal>
  );
}

/** The server's hints as tags with their meaning on hover, or "None declared". */
function AnnotationTagList({ annotations, testId }: { annotations: McpToolAnnotations | undefined; testId: string }) {
  const { t } = useTranslation(['serverRequests', 'settings/tools']);
  const tags = annotationTags(annotations);
  if (tags.length === 0) return <Typography.Text type="secondary">{t('approvals.dialog.noAnnotations')}</Typography.Text>;
  return (
    <Flex gap={4} wrap role="list" aria-label={t('settings/tools:detail.tools.annotations.label')}>
      {tags.map((tag) => (
        <Tooltip key={tag.key} title={t(`settings/tools:detail.tools.annotations.${tag.key}Help`)}>
          <Tag role="listitem" color={tag.color} data-testid={testId} data-annotation={tag.key}>
            {t(`settings/tools:detail.tools.annotations.${tag.key}`)}
          </Tag>
        </Tooltip>
      ))}
    </Flex>
  );
}

/**
 * The tool was re-declared after the person allowed it for this chat (the allowance is revoked):
 * each changed field, as it read when allowed and as it reads now. A schema change is named only;
 * the arguments below are what the call would send.
 */
function ToolChangeAlert({ tool, change }: { tool: string; change: ToolChange }) {
  const { t } = useTranslation(['serverRequests', 'settings/tools']);
  const text = (value: string | undefined) =>
    value === undefined ? (
      <Typography.Text type="secondary">{t('approvals.changed.none')}</Typography.Text>
    ) : (
      <Typography.Text className="changed-text">
        <VisibleText text={value} multiline />
      </Typography.Text>
    );
  const side = (definition: ToolChange['previous'], field: Exclude<ToolChange['fields'][number], 'inputSchema'>, testId: string) =>
    field === 'annotations' ? <AnnotationTagList annotations={definition.annotations} testId={testId} /> : text(definition[field]);
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="approval-changed"
      title={t('approvals.changed.title', { tool })}
      description={
        <Flex vertical gap="small" className="min-w-0">
          {change.fields.map((field) => (
            <div key={field} data-testid="approval-change" data-field={field} className="min-w-0">
              <Typography.Text strong>{t(`approvals.changed.fields.${field}`)}</Typography.Text>
              {field === 'inputSchema' ? (
                <div>{t('approvals.changed.schemaChanged')}</div>
              ) : (
                <div className="changed-grid">
                  <Typography.Text type="secondary">{t('approvals.changed.before')}</Typography.Text>
                  <div data-testid="approval-change-before">{side(change.previous, field, 'approval-change-annotation')}</div>
                  <Typography.Text type="secondary">{t('approvals.changed.now')}</Typography.Text>
                  <div data-testid="approval-change-now">{side(change.current, field, 'approval-change-annotation')}</div>
                </div>
              )}
            </div>
          ))}
        </Flex>
      }
    />
  );
}
