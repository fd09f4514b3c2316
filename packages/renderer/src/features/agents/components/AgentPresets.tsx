import { DownloadOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Flex, Spin, Tooltip, Typography } from 'antd';
import type { AgentPreset } from '@shared/contracts/agents';
import type { AppErrorShape } from '@shared/errors';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHost } from '@renderer/bridge/HostContext';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { saveFile } from '@renderer/components/tool-call/download';
import { requestOrThrow, useRoute } from '@renderer/data/useRoute';
import { rowAfterKey } from '@renderer/components/rovingFocus';
import { AgentPresetDialog, type AgentFormTarget } from './AgentPresetDialog';
import { AgentImportDialog } from './AgentImportDialog';
import { AgentPresetRow } from './AgentPresetRow';

const EXPORT_FILE = 'elftia-agents.json';

/**
 * Settings → Agents: the agent presets, built-ins first and read-only, with create, edit,
 * duplicate, delete, and import/export as the JSON `agents import` reads.
 */
export function AgentPresets() {
  const { t } = useTranslation('agents');
  const { message } = App.useApp();
  const host = useHost();
  const agents = useRoute('agents.list');
  const [target, setTarget] = useState<AgentFormTarget | undefined>();
  const [importing, setImporting] = useState(false);
  const [error, setError] = useState<AppErrorShape | undefined>();
  const [currentRow, setCurrentRow] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const exportAll = async () => {
    setError(undefined);
    try {
      const { json } = await requestOrThrow(host, 'agents.export', {});
      saveFile(`${json}\n`, 'application/json', EXPORT_FILE);
      void message.success(t('exported', { file: EXPORT_FILE }));
    } catch (err) {
      setError(err as AppErrorShape);
    }
  };
  const duplicate = (preset: AgentPreset) => setTarget({ mode: 'duplicate', preset });
  const edit = (preset: AgentPreset) => setTarget({ mode: 'edit', preset });

  let body;
  if (agents.error) body = <ErrorAlert error={agents.error} testId="agents-error" />;
  else if (!agents.data) body = <Spin description={t('loading')} />;
  else if (agents.data.length === 0) body = <Empty description={t('empty')} />;
  else {
    body = (
      <ul aria-label={t('listLabel')} className="plain-list" data-testid="agent-list" ref={listRef}>
        {agents.data.map((preset, index, all) => (
          <AgentPresetRow
            key={preset.id}
            preset={preset}
            onEdit={edit}
            onDuplicate={duplicate}
            // A removed last row leaves the one before it current.
            current={index === Math.min(currentRow, all.length - 1)}
            onRowFocus={() => setCurrentRow(index)}
            onRowKey={(event) => {
              const next = rowAfterKey(event, index, all.length);
              if (next === undefined) return;
              event.preventDefault();
              setCurrentRow(next);
              listRef.current?.querySelectorAll<HTMLElement>('[data-testid="agent-row"]')[next]?.focus();
            }}
          />
        ))}
      </ul>
    );
  }

  const hasOwn = (agents.data ?? []).some((preset) => !preset.builtin);
  return (
    <Card
      size="small"
      title={t('title')}
      data-testid="agent-presets"
      extra={
        <Flex gap="small" align="center">
          <Button size="small" icon={<ImportOutlined aria-hidden />} onClick={() => setImporting(true)}>
            {t('actions.import')}
          </Button>
          {/* Disabled says why: a grey button alone looked broken. */}
          <Tooltip title={hasOwn ? undefined : t('exportNothing')}>
            <Button size="small" icon={<DownloadOutlined aria-hidden />} onClick={() => void exportAll()} disabled={!hasOwn}>
              {t('actions.export')}
            </Button>
          </Tooltip>
          <Button size="small" type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setTarget({ mode: 'create' })}>
            {t('actions.create')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap="small">
        <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        {error ? <ErrorAlert error={error} /> : null}
        {body}
      </Flex>
      {target ? <AgentPresetDialog target={target} onClose={() => setTarget(undefined)} /> : null}
      {importing ? <AgentImportDialog onClose={() => setImporting(false)} /> : null}
    </Card>
  );
}
