/**
 * The add / edit / duplicate drawer (opened by `useToolsTabNav().openForm`): loads what it
 * edits, checks it with the shared schema, tests it stage by stage and saves it.
 *
 * Secrets: `mcp.list` masks env and header values and credentials in args and the URL. An edit
 * starts from those masks and sends them back unchanged where the person did not touch them;
 * the router's `restoreMaskedSecrets` keeps the stored values for them. A test needs the real
 * values, so it asks for them (`mcp.reveal_secrets`) and applies the same `restoreMaskedSecrets`
 * here. A duplicate starts from the real values: the copy must work without the original.
 */
import { ExperimentOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Flex, Modal, Result, Spin, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { translateError } from '@renderer/components/translateError';
import { McpServerForm } from '../McpServerForm';
import { useToolsTabNav, type FormTarget } from '../ToolsTabNav';
import { TestResultPanel, stageLabel } from '@renderer/components/server-form/TestResultPanel';
import { useServerFormEditor } from './useServerFormEditor';

/** Mounted by ToolsTab; shows the form while `nav.form` names a target, and keeps it through the closing animation. */
export function McpServerFormDrawer() {
  const nav = useToolsTabNav();
  const [shown, setShown] = useState<{ target: FormTarget; n: number }>();
  // A new target starts a fresh form (new state, new initial values).
  if (nav.form && nav.form !== shown?.target) setShown({ target: nav.form, n: (shown?.n ?? 0) + 1 });
  if (!shown) return null;
  return <ServerFormEditor key={shown.n} target={shown.target} open={nav.form !== undefined} onClose={nav.closeForm} onClosed={() => setShown(undefined)} />;
}

interface EditorProps {
  target: FormTarget;
  open: boolean;
  onClose: () => void;
  onClosed: () => void;
}

function ServerFormEditor({ target, open, onClose, onClosed }: EditorProps) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const { form, serverId, list, source, copySecrets, start, run, confirm, setConfirm, unplaced, saveError, testPanel, saving, kind, revealSecrets, runTest, save, testFirst, markStale, close, discardDraft } =
    useServerFormEditor(target, onClose);
  const testFirstButton = useRef<HTMLButtonElement>(null);

  const title =
    target.mode === 'add' ? t('form.title.add') : t(target.mode === 'edit' ? 'form.title.edit' : 'form.title.duplicate', { name: source?.name ?? '' });
  const failedStage = run?.result?.failedStage;
  const missing = serverId !== undefined && !start && list.isSuccess && !source;
  const loadError = (list.error ?? copySecrets.error) || undefined;

  let body;
  if (start) {
    body = (
      <Flex vertical gap="middle">
        {start.fromDraft ? (
          <Alert
            type="info"
            showIcon
            data-testid="form-draft"
            title={t('form.draft.restored')}
            action={
              <Button size="small" onClick={discardDraft}>
                {t('form.draft.discard')}
              </Button>
            }
          />
        ) : null}
        {saveError ? <ErrorAlert error={saveError} testId="form-save-error" /> : null}
        {unplaced.length ? (
          <Alert
            type="error"
            showIcon
            data-testid="form-unplaced"
            title={t('form.validation.unplaced')}
            description={
              <ul className="bullet-list-tight">
                {unplaced.map((issue, i) => (
                  <li key={`${issue.path}-${i}`}>
                    {issue.path ? <Typography.Text code>{issue.path}</Typography.Text> : null} {issue.message}
                  </li>
                ))}
              </ul>
            }
          />
        ) : null}
        <McpServerForm
          form={form}
          initialValues={start.values}
          revealSecrets={target.mode === 'edit' ? revealSecrets : undefined}
          onValuesChange={markStale}
        />
        {run ? (
          <div ref={testPanel}>
            <TestResultPanel run={run} kind={kind} />
          </div>
        ) : null}
      </Flex>
    );
  } else if (missing) {
    body = <Result status="warning" title={translateError(tErrors, { code: 'NOT_FOUND', message: '', data: { id: serverId } })} />;
  } else if (loadError) {
    body = <ErrorAlert error={loadError} />;
  } else {
    body = <Spin description={t('form.loading')} />;
  }

  return (
    <Drawer
      open={open}
      onClose={close}
      afterOpenChange={(visible) => (visible ? undefined : onClosed())}
      size="large"
      maskClosable={false}
      destroyOnHidden
      title={<span data-testid="server-form-title">{title}</span>}
      data-testid="server-form-drawer"
      footer={
        <Flex justify="space-between" gap="small" wrap>
          <Button icon={<ExperimentOutlined aria-hidden />} onClick={() => void runTest()} loading={run?.running ?? false} disabled={!start || saving} data-testid="form-test">
            {t('form.test.button')}
          </Button>
          <Flex gap="small">
            <Button onClick={close}>{t('form.cancel')}</Button>
            <Button type="primary" onClick={() => void save(false)} loading={saving} disabled={!start || run?.running === true} data-testid="form-save">
              {t('form.save')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      {body}
      <Modal
        open={confirm !== undefined}
        title={confirm === 'failed' ? t('form.confirm.failedTitle') : t('form.confirm.untestedTitle')}
        onCancel={() => setConfirm(undefined)}
        // Focus lands on the way forward, not on the ×: testing is what the question recommends.
        afterOpenChange={(visible) => (visible ? testFirstButton.current?.focus() : undefined)}
        // Esc answers the question only. Drawer and dialog listen for Esc on the window, and the
        // drawer would close too (with the form); stopped here, the key never reaches the window.
        modalRender={(dialog) => (
          <div
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              event.stopPropagation();
              setConfirm(undefined);
            }}
          >
            {dialog}
          </div>
        )}
        data-testid="form-confirm"
        footer={[
          <Button key="cancel" onClick={() => setConfirm(undefined)}>
            {t('form.cancel')}
          </Button>,
          <Button key="test" ref={testFirstButton} icon={<ExperimentOutlined aria-hidden />} onClick={() => void testFirst()}>
            {t('form.confirm.testFirst')}
          </Button>,
          <Button key="save" type="primary" danger={confirm === 'failed'} onClick={() => void save(true)} data-testid="form-save-anyway">
            {t('form.confirm.saveAnyway')}
          </Button>,
        ]}
      >
        {confirm === 'failed' && run?.result?.error
          ? t('form.confirm.failedBody', {
              stage: failedStage ? stageLabel(t, kind)(failedStage) : '',
              reason: translateError(tErrors, run.result.error),
            })
          : t('form.confirm.untestedBody')}
      </Modal>
    </Drawer>
  );
}
