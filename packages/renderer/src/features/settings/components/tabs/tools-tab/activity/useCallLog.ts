import { useCallback, useEffect, useState } from 'react';
import type { HostClient } from '@renderer/bridge/types';
import { CALL_LOG_LIMIT, type CallEntry } from './callLog';

/** The calls the host reports (mcp.tool_called), newest first, capped at `limit`. */
export function useCallLog(host: HostClient, limit = CALL_LOG_LIMIT): { calls: CallEntry[]; clear: () => void } {
  const [calls, setCalls] = useState<CallEntry[]>([]);
  useEffect(() => host.on('mcp.tool_called', (payload) => setCalls((prev) => [{ ...payload, endedAt: Date.now() }, ...prev].slice(0, limit))), [host, limit]);
  const clear = useCallback(() => setCalls([]), []);
  return { calls, clear };
}
