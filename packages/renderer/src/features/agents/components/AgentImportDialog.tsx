import { App, Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { useRouteMutation } from '@renderer/data/useRoute';

/** Pasted JSON (what Export saved, one preset, or a list) → agents.import; all or nothing, the error names the preset and field. */
export function AgentImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('agents');
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [replace, setReplace] = useState(false);
  const run = useRouteMutation('agents.import', {
    invalidates: ['agents.list'],
    onSuccess: ({ imported }) => {
      void message.success(t('imported', { count: imported.length }));
      onClose();
    },
  });

  return (
    <Modal
      open
      title={t('importDialog.title')}
      okText={t('importDialog.submit')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: text.trim() === '' }}
      onOk={() => run.mutate({ text, onDuplicate: replace ? 'replace' : 'refuse' })}
      onCancel={onClose}
      confirmLoading={run.isPending}
    >
      <Form layout="vertical">
        <Form.Item label={t('importDialog.label')} htmlFor="agent-import-text">
          <Input.TextArea id="agent-import-text" value={text} onChange={(e) => setText(e.target.value)} autoSize={{ minRows: 6, maxRows: 16 }} spellCheck={false} />
        </Form.Item>
        <Checkbox checked={replace} onChange={(e) => setReplace(e.target.checked)}>
          {t('importDialog.replace')}
        </Checkbox>
      </Form>
      {run.error ? <ErrorAlert error={run.error} /> : null}
    </Modal>
  );
}
