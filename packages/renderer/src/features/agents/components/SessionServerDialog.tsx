import { ExperimentOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Modal } from 'antd';
import { AGENT_PLACEHOLDERS, SessionServerNameSchema, SessionServerSchema, type SessionServer } from '@shared/contracts/agents';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHost } from '@renderer/bridge/HostContext';
import { ArgsList } from '@renderer/components/server-form/ArgsList';
import { KeyValueRows } from '@renderer/components/server-form/KeyValueRows';
import { toConfig, toFormValues, unmaskRows, type KeyValueRow, type ServerFormValues } from '@renderer/components/server-form/formValues';
import { translateError } from '@renderer/components/translateError';
import { TestResultPanel, type TestRun } from '@renderer/components/server-form/TestResultPanel';

/** The first message of a failed parse, for the field it belongs to. */
const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? undefined : result.error?.issues[0]?.message);

/**
 * One session server of a preset: its name, command, arguments and environment, edited with the
 * server form's own stdio fields (argument rows, hidden env values) in the shape that form uses,
 * and checked with the schema the host saves it with.
 */
export function SessionServerDialog({
  name,
  server,
  stored,
  takenNames,
  onSave,
  onClose,
}: {
  name?: string | undefined;
  /** Where this server is saved (the preset being edited): its masked env values are tested with the stored ones. */
  stored?: { agent: string; server: string } | undefined;
  server?: SessionServer | undefined;
  /** The preset's other session servers' names (a second one of a name would replace the first). */
  takenNames: readonly string[];
  onSave: (name: string, server: SessionServer) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['agents', 'settings/tools']);
  const [form] = Form.useForm<ServerFormValues>();
  const initial = toFormValues({ name: name ?? '', type: 'stdio', scope: 'user', isActive: true, config: server ?? {} });

  const host = useHost();
  const { message } = App.useApp();
  const { t: tErrors } = useTranslation('errors');
  const [run, setRun] = useState<TestRun | undefined>();

  /** The eye on a masked env value of a saved session server: its stored values replace the masks not yet changed. */
  const revealSecrets = async () => {
    if (!stored) return;
    const answer = await host.request('agents.reveal_secrets', stored);
    if (!answer.ok) {
      void message.error(translateError(tErrors, answer.error));
      return;
    }
    form.setFieldValue(['config', 'env'], unmaskRows(form.getFieldValue(['config', 'env']) as KeyValueRow[] | undefined, answer.data.env));
  };

  /** The form as a session server, or undefined with the problem shown on the command field. */
  const checked = (): { name: string; server: SessionServer } | undefined => {
    // Every value of the store, not only the shown fields': the transport and the timeout are
    // there from toFormValues. toConfig keeps what the form does not show (cwd) from the server it edits.
    const values = form.getFieldsValue(true) as ServerFormValues;
    const parsed = SessionServerSchema.safeParse(toConfig(values, server ?? {}));
    if (!parsed.success) {
      form.setFields([{ name: ['config', 'command'], errors: [parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')] }]);
      return undefined;
    }
    return { name: (values.name ?? '').trim(), server: parsed.data };
  };
  const submit = () => {
    const ok = checked();
    if (ok) onSave(ok.name, ok.server);
  };
  // The server form's Test (mcp.test's stages), run by the host on the server as a session would start it.
  const test = async () => {
    const ok = checked();
    if (!ok) return;
    setRun({ running: true });
    const answer = await host.request('agents.test_server', { ...ok, ...(stored && { stored }) });
    setRun(answer.ok ? { running: false, result: answer.data } : { running: false, error: answer.error });
  };

  return (
    <Modal
      open
      title={name ? t('session.editTitle', { name }) : t('session.addTitle')}
      okText={t('form.save')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      footer={(buttons) => (
        <>
          <Button icon={<ExperimentOutlined aria-hidden />} loading={run?.running ?? false} onClick={() => void test()} data-testid="session-server-test">
            {t('settings/tools:form.test.button')}
          </Button>
          {buttons}
        </>
      )}
    >
      <Form
        form={form}
        name="session-server"
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        // A result is for what was tested: an edit makes it stale, as in the server form.
        onValuesChange={() => setRun((before) => (before && !before.running ? { ...before, stale: true } : before))}
        data-testid="session-server-form"
      >
        <Form.Item
          name="name"
          label={t('settings/tools:form.fields.name')}
          required
          extra={t('session.nameHelp')}
          rules={[
            {
              validator: async (_rule, value: string) => {
                const problem = firstIssue(SessionServerNameSchema.safeParse(value ?? ''));
                if (problem) throw new Error(problem);
                if (takenNames.includes(value.trim())) throw new Error(t('session.nameTaken', { name: value.trim() }));
              },
            },
          ]}
        >
          <Input maxLength={64} spellCheck={false} />
        </Form.Item>
        <Form.Item name={['config', 'command']} label={t('settings/tools:form.fields.command')} required extra={t('session.placeholders', { placeholders: Object.values(AGENT_PLACEHOLDERS).join(', ') })}>
          <Input placeholder={t('settings/tools:form.fields.commandPlaceholder')} spellCheck={false} />
        </Form.Item>
        <Form.Item label={t('settings/tools:form.fields.args')}>
          <ArgsList />
        </Form.Item>
        <Form.Item label={t('settings/tools:form.fields.env')} extra={t('settings/tools:form.fields.rowsHelp')}>
          <KeyValueRows list="env" revealSecrets={stored ? revealSecrets : undefined} />
        </Form.Item>
      </Form>
      {run ? <TestResultPanel run={run} kind="process" /> : null}
    </Modal>
  );
}
