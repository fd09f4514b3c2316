/**
 * The list's actions on the selected servers (mcp.bulk): runs one, refreshes what it changed,
 * and keeps the outcome per server so the bar can say which failed and why.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { McpBulkAction, McpBulkOutcome } from '@shared/contracts/mcp-bulk';
import type { AppErrorShape } from '@shared/errors';
import { useHost } from '@renderer/bridge/HostContext';

export interface BulkReport {
  action: McpBulkAction;
  results: McpBulkOutcome[];
}

export function useBulkActions() {
  const host = useHost();
  const client = useQueryClient();
  const [running, setRunning] = useState<McpBulkAction | undefined>();
  const [report, setReport] = useState<BulkReport | undefined>();
  const [error, setError] = useState<AppErrorShape | undefined>();

  const run = useCallback(
    async (action: McpBulkAction, ids: string[]): Promise<McpBulkOutcome[] | undefined> => {
      setRunning(action);
      setError(undefined);
      setReport(undefined);
      try {
        const answer = await host.request('mcp.bulk', { action, ids });
        if (!answer.ok) return void setError(answer.error);
        setReport({ action, results: answer.data.results });
        return answer.data.results;
      } finally {
        setRunning(undefined);
        await Promise.all(['mcp.list', 'mcp.status', 'mcp.last_seen'].map((route) => client.invalidateQueries({ queryKey: [route] })));
      }
    },
    [client, host],
  );
  const dismiss = useCallback(() => (setReport(undefined), setError(undefined)), []);
  return { run, running, report, error, dismiss };
}
