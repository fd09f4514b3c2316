import { Form, Input, Modal } from 'antd';
import { AGENT_PLACEHOLDERS, SessionServerNameSchema, SessionServerSchema, type SessionServer } from '@shared/contracts/agents';
import { useTranslation } from 'react-i18next';
import { ArgsList } from '@renderer/features/settings/components/tabs/tools-tab/server-form/ArgsList';
import { KeyValueRows } from '@renderer/features/settings/components/tabs/tools-tab/server-form/KeyValueRows';
import { toConfig, toFormValues, type ServerFormValues } from '@renderer/features/settings/components/tabs/tools-tab/server-form/formValues';

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
  takenNames,
  onSave,
  onClose,
}: {
  name?: string | undefined;
  server?: SessionServer | undefined;
  /** The preset's other session servers' names (a second one of a name would replace the first). */
  takenNames: readonly string[];
  onSave: (name: string, server: SessionServer) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['agents', 'settings/tools']);
  const [form] = Form.useForm<ServerFormValues>();
  const initial = toFormValues({ name: name ?? '', type: 'stdio', scope: 'user', isActive: true, config: server ?? {} });

  const submit = () => {
    // Every value of the store, not only the shown fields': the transport and the timeout are
    // there from toFormValues. toConfig keeps what the form does not show (cwd) from the server it edits.
    const values = form.getFieldsValue(true) as ServerFormValues;
    const parsed = SessionServerSchema.safeParse(toConfig(values, server ?? {}));
    if (!parsed.success) {
      form.setFields([{ name: ['config', 'command'], errors: [parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')] }]);
      return;
    }
    onSave(values.name.trim(), parsed.data);
  };

  return (
    <Modal open title={name ? t('session.editTitle', { name }) : t('session.addTitle')} okText={t('form.save')} cancelText={t('cancel')} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} name="session-server" layout="vertical" initialValues={initial} onFinish={submit} data-testid="session-server-form">
        <Form.Item
          name="name"
          label={t('settings/tools:form.fields.name')}
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
          <KeyValueRows list="env" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
