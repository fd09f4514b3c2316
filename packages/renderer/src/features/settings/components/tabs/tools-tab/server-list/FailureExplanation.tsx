import { CopyOutlined, DeleteOutlined, EditOutlined, FileTextOutlined, RedoOutlined, ToolOutlined } from '@ant-design/icons';
import { OutputBlock } from '@renderer/components/OutputBlock';
import { Alert, Button, Flex, Typography } from 'antd';
import { SafeConfirm } from '@renderer/components/SafeConfirm';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import type { AppErrorShape } from '@shared/errors';
import { useHost } from '@renderer/bridge/HostContext';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { useRoute, useRouteMutation } from '@renderer/data/useRoute';
import { useToolsTabNav } from '../ToolsTabNav';
import { failureText } from './failureText';
import { Truncated } from './Truncated';
import { errorData, serverFailureData } from '@shared/errorData';

/** Lines of the server log shown under "Show output"; the whole log is in the detail's Logs pane. */
const OUTPUT_LINES = 40;

/**
 * Why a server is in error, in the person's language, with what to do: install the missing
 * command, edit, retry, read its output (copyable) or open its logs.
 */
export function FailureExplanation({ server, failure, onRetry, retrying }: { server: McpServerRecord; failure: AppErrorShape; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const nav = useToolsTabNav();
  const [showOutput, setShowOutput] = useState(false);
  const text = failureText(failure, t, tErrors);
  const missing = errorData(failure, 'DEPS_MISSING');
  const facts = serverFailureData(failure);
  const brokenCache = text.hintCode === 'npxCacheBroken' ? facts?.npxCacheDir : undefined;

  return (
    <Alert
      type="error"
      showIcon
      role="group"
      aria-label={t('errorHelp.label', { name: server.name })}
      data-testid="failure-explanation"
      data-hint={text.hintCode}
      title={text.hint ?? text.summary}
      description={
        <Flex vertical gap={6}>
          {/* The missing command's hint already says what its code's sentence would. */}
          {text.hint && text.hintCode !== 'commandMissing' ? <Typography.Text>{text.summary}</Typography.Text> : null}
          {text.stage ? (
            <Typography.Text type="secondary">{t('errorHelp.stageLabel', { stage: t(`errorHelp.stage.${text.stage}`) })}</Typography.Text>
          ) : null}
          {missing ? <InstallCommand command={missing.command} canInstall={missing.install !== undefined} onInstalled={onRetry} /> : null}
          {brokenCache ? <RemoveNpxCache folder={brokenCache} onRemoved={onRetry} /> : null}
          <Flex gap="small" wrap>
            <Button size="small" icon={<RedoOutlined aria-hidden />} loading={retrying} onClick={onRetry}>
              {t('errorHelp.actions.retry')}
            </Button>
            <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => nav.openForm({ mode: 'edit', serverId: server.id })}>
              {t('errorHelp.actions.edit')}
            </Button>
            <Button size="small" aria-expanded={showOutput} onClick={() => setShowOutput((open) => !open)}>
              {t(showOutput ? 'errorHelp.actions.hideOutput' : 'errorHelp.actions.showOutput')}
            </Button>
            <Button size="small" type="link" icon={<FileTextOutlined aria-hidden />} onClick={() => nav.openDetail(server.id, 'logs')}>
              {t('errorHelp.actions.logs')}
            </Button>
          </Flex>
          {showOutput ? <ServerOutput server={server} fallback={facts?.stderrTail} /> : null}
          <details>
            <summary>{t('common:error.details')}</summary>
            <Typography.Text code className="pre-wrap wrap-anywhere">{`${failure.code}: ${failure.message}`}</Typography.Text>
          </details>
        </Flex>
      }
    />
  );
}

/** The server's latest log lines (stderr, and what Elftia noted), fetched when asked for, copyable. */
function ServerOutput({ server, fallback }: { server: McpServerRecord; fallback: unknown }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const log = useRoute('mcp.server_log', { id: server.id, limit: OUTPUT_LINES });
  const lines = log.data ? log.data.lines.map((l) => (l.stream === 'stderr' ? l.line : `[${l.stream}] ${l.line}`)) : Array.isArray(fallback) ? fallback.map(String) : [];
  const text = lines.join('\n');
  return (
    <div data-testid="failure-output">
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{t('errorHelp.output.label', { name: server.name })}</Typography.Text>
        {text ? (
          <Typography.Text copyable={{ text, icon: <CopyOutlined aria-label={t('errorHelp.output.copy')} />, tooltips: [t('errorHelp.output.copy'), t('errorHelp.output.copied')] }} />
        ) : null}
      </Flex>
      {log.error ? <ErrorAlert error={log.error} /> : null}
      <OutputBlock label={t('errorHelp.output.label', { name: server.name })} className="output-block-tall">
        {text || (log.isFetching ? '…' : t('errorHelp.output.empty'))}
      </OutputBlock>
    </div>
  );
}

/**
 * The missing command, with its installer when one is known (deps.install, progress live from
 * deps.install_progress); once it is found the server is retried.
 */
function InstallCommand({ command, canInstall, onInstalled }: { command: string; canInstall: boolean; onInstalled: () => void }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const host = useHost();
  const [line, setLine] = useState<string | undefined>();
  const install = useRouteMutation('deps.install', {
    onSuccess: (result) => {
      if (result.next === 'ready') onInstalled();
    },
  });
  useEffect(
    () =>
      host.on('deps.install_progress', (progress) => {
        if (progress.command === command) setLine(progress.line ?? t(`events.depsPhase.${progress.phase}`));
      }),
    [host, command, t],
  );

  const result = install.data;
  const url = result?.action.url;
  return (
    <Flex vertical gap={4}>
      {canInstall ? (
        <Flex gap="small" align="center" wrap>
          <Button size="small" type="primary" icon={<ToolOutlined aria-hidden />} loading={install.isPending} onClick={() => install.mutate({ command })}>
            {t('errorHelp.actions.install', { command })}
          </Button>
          {install.isPending && line ? (
            <Truncated text={t('errorHelp.install.progress', { command, line })} secondary className="truncated-wide" />
          ) : null}
        </Flex>
      ) : (
        <Typography.Text>{t('errorHelp.install.manual', { command })}</Typography.Text>
      )}
      {result?.next === 'ready' ? <Typography.Text type="success">{t('errorHelp.install.ready', { command })}</Typography.Text> : null}
      {result?.next === 'restart' ? <Typography.Text>{t('errorHelp.install.restart', { command })}</Typography.Text> : null}
      {result?.next === 'finish-download' ? <Typography.Text>{t('errorHelp.install.finishDownload', { command, url })}</Typography.Text> : null}
      {install.error ? <ErrorAlert error={install.error} /> : null}
    </Flex>
  );
}

/**
 * The repair of a broken npx cache: remove that one folder (deps.remove_npx_cache, which accepts
 * nothing but a folder of npx's cache), after the person has seen which; then the server is retried
 * and npx downloads its package again.
 */
function RemoveNpxCache({ folder, onRemoved }: { folder: string; onRemoved: () => void }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const remove = useRouteMutation('deps.remove_npx_cache', { onSuccess: () => onRemoved() });
  return (
    <Flex vertical gap={4}>
      <SafeConfirm
        title={t('errorHelp.npxCache.confirmTitle')}
        description={<div className="confirm-text-wide wrap-anywhere">{t('errorHelp.npxCache.confirmText', { path: folder })}</div>}
        okText={t('errorHelp.npxCache.confirm')}
        cancelText={t('errorHelp.npxCache.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => remove.mutate({ path: folder })}
      >
        <Button size="small" type="primary" danger icon={<DeleteOutlined aria-hidden />} loading={remove.isPending} data-testid="remove-npx-cache" className="self-start">
          {t('errorHelp.actions.removeNpxCache')}
        </Button>
      </SafeConfirm>
      {remove.data ? <Typography.Text type="success">{t('errorHelp.npxCache.removed')}</Typography.Text> : null}
      {remove.error ? <ErrorAlert error={remove.error} /> : null}
    </Flex>
  );
}
