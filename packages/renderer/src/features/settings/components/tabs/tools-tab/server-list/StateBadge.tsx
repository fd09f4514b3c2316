import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RowState } from './serverView';

const STATE_COLORS: Record<RowState, string> = {
  connected: 'success',
  connecting: 'processing',
  error: 'error',
  disconnected: 'default',
  inactive: 'default',
};

/** The live state; a failure's sentence is on hover too (the row explains it in full). */
export function StateBadge({ state, reason }: { state: RowState; reason?: string }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const tag = (
    <Tag data-testid="server-state" data-state={state} color={STATE_COLORS[state]} tabIndex={reason ? 0 : undefined} style={{ marginInlineEnd: 0 }}>
      {t(`list.state.${state}`)}
    </Tag>
  );
  return reason ? <Tooltip title={reason}>{tag}</Tooltip> : tag;
}
