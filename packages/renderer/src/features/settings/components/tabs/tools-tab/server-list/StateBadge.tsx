import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
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
 * state is unknown) is on hover too (the row explains a failure in full).
 */
export function StateBadge({ state, reason, testId = 'server-state' }: { state: RowState; reason?: string; testId?: string }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const tag = (
    <Tag data-testid={testId} data-state={state} color={STATE_COLORS[state]} tabIndex={reason ? 0 : undefined} style={{ marginInlineEnd: 0 }}>
      {state === 'unknown' ? t('common:hostConnection.rowState') : t(`list.state.${state}`)}
    </Tag>
  );
  return reason ? <Tooltip title={reason}>{tag}</Tooltip> : tag;
}
