import { FolderOpenOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, Form, Input, Modal, Upload } from 'antd';
import { AGENT_IMPORT_MAX_CHARS } from '@shared/contracts/agents';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { useRouteMutation } from '@renderer/data/useRoute';

/**
 * Pasted JSON, or a file's (what Export saved, one preset, or a list) → agents.import; all or
 * nothing, the error names the preset and field. A file is read into the field (nothing is
 * uploaded or written), so the person sees what Import will send and a refusal keeps it.
 */
export function AgentImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('agents');
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [replace, setReplace] = useState(false);
  const [file, setFile] = useState<{ kind: 'read' | 'notJson' | 'tooLarge'; name: string } | undefined>();
  const run = useRouteMutation('agents.import', {
    invalidates: ['agents.list'],
    onSuccess: ({ imported }) => {
      void message.success(t('imported', { count: imported.length }));
      onClose();
    },
  });

  const readFile = async (chosen: File) => {
    if (!/\.json$/i.test(chosen.name) && chosen.type !== 'application/json') setFile({ kind: 'notJson', name: chosen.name });
    else if (chosen.size > AGENT_IMPORT_MAX_CHARS) setFile({ kind: 'tooLarge', name: chosen.name });
    else {
      setText(await chosen.text());
      setFile({ kind: 'read', name: chosen.name });
      run.reset();
    }
    // Never uploaded: antd's Upload is only the file picker here.
    return false;
  };

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
        <Upload accept=".json,application/json" showUploadList={false} multiple={false} beforeUpload={readFile}>
          <Button icon={<FolderOpenOutlined aria-hidden />} className="mb-xs">
            {t('importDialog.file')}
          </Button>
        </Upload>
        {file ? (
          <Alert className="mb-xs" showIcon type={file.kind === 'read' ? 'info' : 'error'} title={t(`importDialog.${file.kind === 'read' ? 'fileRead' : file.kind}`, { name: file.name })} data-testid="agent-import-file" />
        ) : null}
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
