import { App, Form, Input, Modal, Radio, Select } from 'antd';
import type { AgentPreset, AgentPresetInput } from '@shared/contracts/agents';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { useRoute, useRouteMutation } from '@renderer/data/useRoute';
import { usePresetText } from '../hooks/usePresetText';
import { presetInput } from './presetInput';
import { SessionServerList } from './SessionServerList';

/** What the form edits: a new preset, one of the person's, or a copy of any (built-ins too). */
export type AgentFormTarget = { mode: 'create' } | { mode: 'edit'; preset: AgentPreset } | { mode: 'duplicate'; preset: AgentPreset };

type Fields = Pick<AgentPresetInput, 'name' | 'instructions' | 'providerId' | 'model' | 'serverIds' | 'approval'>;

/**
 * The agent preset form: name, instructions, provider and model, which of the person's servers it
 * may use, the approval policy and its session servers (masked env values sent back unchanged
 * keep the stored ones, docs/agents.md).
 */
export function AgentPresetDialog({ target, onClose }: { target: AgentFormTarget; onClose: () => void }) {
  const { t } = useTranslation('agents');
  const { message } = App.useApp();
  const [form] = Form.useForm<Fields>();
  const providers = useRoute('providers.list');
  const servers = useRoute('mcp.list');
  const text = usePresetText();
  const base = target.mode === 'create' ? undefined : presetInput(target.preset);
  // A copy of a built-in starts with its text in the window's language (the copy is the person's).
  const shown = target.mode === 'create' ? undefined : text(target.preset);
  const initial: Fields = {
    name: target.mode === 'duplicate' ? t('copyName', { name: shown!.name }) : (base?.name ?? ''),
    instructions: base?.instructions ?? '',
    providerId: base?.providerId,
    model: base?.model,
    serverIds: base?.serverIds ?? [],
    approval: base?.approval ?? 'ask',
  };
  const [sessionServers, setSessionServers] = useState(base?.sessionServers ?? {});
  const save = useRouteMutation('agents.save', {
    invalidates: ['agents.list'],
    onSuccess: (saved) => {
      void message.success(t('saved', { name: saved.name }));
      onClose();
    },
  });

  const submit = (fields: Fields) => {
    const model = fields.model?.trim();
    const preset: AgentPresetInput = { ...base, ...(shown?.description !== undefined && { description: shown.description }), ...fields, model: model ? model : undefined, sessionServers };
    save.mutate(target.mode === 'edit' ? { id: target.preset.id, preset } : target.mode === 'duplicate' ? { preset, copyOf: target.preset.id } : { preset });
  };

  return (
    <Modal
      open
      title={target.mode === 'edit' ? t('form.editTitle', { name: target.preset.name }) : t('form.createTitle')}
      okText={t('form.save')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} name="agent" layout="vertical" initialValues={initial} onFinish={submit} data-testid="agent-form">
        <Form.Item name="name" label={t('form.name')} rules={[{ required: true, whitespace: true, message: t('form.nameRequired') }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="instructions" label={t('form.instructions')} extra={t('form.instructionsHelp')}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} />
        </Form.Item>
        <Form.Item name="providerId" label={t('form.provider')}>
          <Select allowClear placeholder={t('form.providerDefault')} options={(providers.data ?? []).map((provider) => ({ value: provider.id, label: provider.name }))} />
        </Form.Item>
        <Form.Item name="model" label={t('form.model')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="serverIds" label={t('form.servers')} extra={t('form.serversHelp')}>
          <Select mode="multiple" allowClear options={(servers.data ?? []).map((server) => ({ value: server.id, label: server.name }))} />
        </Form.Item>
        <Form.Item name="approval" label={t('form.approval')}>
          <Radio.Group>
            <Radio value="ask">{t('form.approvalAsk')}</Radio>
            <Radio value="allow_all">{t('form.approvalAllowAll')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('session.label')} extra={t('session.help')}>
          <SessionServerList value={sessionServers} onChange={setSessionServers} agentId={target.mode === 'create' ? undefined : target.preset.id} />
        </Form.Item>
      </Form>
      {save.error ? <ErrorAlert error={save.error} /> : null}
    </Modal>
  );
}
