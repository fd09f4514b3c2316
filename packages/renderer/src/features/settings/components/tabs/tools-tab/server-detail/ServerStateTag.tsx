import { Tag } from 'antd';
import type { McpConnectionState } from '@shared/contracts/mcp-types';
import { useTranslation } from 'react-i18next';

const STATE_COLORS: Record<McpConnectionState, string> = {
  connected: 'success',
  connecting: 'processing',
  error: 'error',
  disconnected: 'default',
};

/** The live connection state (mcp.status, patched in place by mcp.connection_state events). */
export function ServerStateTag({ state }: { state: McpConnectionState }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  return (
    <Tag data-testid="detail-state" data-state={state} color={STATE_COLORS[state]} style={{ marginInlineEnd: 0 }}>
      {t(`list.state.${state}`)}
    </Tag>
  );
}
