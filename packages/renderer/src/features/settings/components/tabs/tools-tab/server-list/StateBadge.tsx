import { Tag } from 'antd';
import { ListTooltip } from './ListTooltip';
import { useTranslation } from 'react-i18next';
import type { McpConnectionDetails } from '@shared/contracts/mcp-types';
import type { RowState } from './serverView';

const STATE_COLORS: Record<RowState, string> = {
  connected: 'success',
  connecting: 'processing',
  error: 'error',
  disconnected: 'default',
  inactive: 'default',
  unknown: 'default',
};

/**
 * The live state, in a list row and in the detail drawer's title; a failure's sentence (or why the
 * state is unknown) is on hover too (the row explains a failure in full). The details say more
 * than the state alone: a connect waiting in line or downloading its package, and a server not
 * connected yet in this session (the pool connects only when something needs it).
 */
export function StateBadge({ state, details, reason, testId = 'server-state' }: { state: RowState; details?: McpConnectionDetails | undefined; reason?: string | undefined; testId?: string }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const label = (() => {
    if (state === 'unknown') return t('common:hostConnection.rowState');
    if (state === 'connecting' && details?.phase === 'queued') return t('list.state.queued');
    if (state === 'connecting' && details?.phase === 'downloading' && details.download) {
      return t('list.state.downloading', { package: `${details.download.package}@${details.download.version ?? 'latest'}` });
    }
    if (state === 'disconnected' && details?.connectedAt === undefined) return t('list.state.notYet');
    return t(`list.state.${state}`);
  })();
  const tag = (
    <Tag data-testid={testId} data-state={state} data-phase={details?.phase} color={STATE_COLORS[state]} tabIndex={reason ? 0 : undefined}>
      {label}
    </Tag>
  );
  return reason ? <ListTooltip title={reason}>{tag}</ListTooltip> : tag;
}
