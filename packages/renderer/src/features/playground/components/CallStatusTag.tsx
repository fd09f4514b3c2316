import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CallStatus } from '../model/callHistory';

const COLOR: Record<CallStatus, string> = { running: 'processing', ok: 'success', toolError: 'error', failed: 'error', cancelled: 'default' };

/** A call's outcome in a word: a tool that reported an error and a call that never ran read differently. */
export function CallStatusTag({ status }: { status: CallStatus }) {
  const { t } = useTranslation(['playground', 'common']);
  return (
    <Tag color={COLOR[status]} data-testid="call-status" data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}

export const formatDuration = (ms: number | undefined) => (ms === undefined ? '' : ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`);
