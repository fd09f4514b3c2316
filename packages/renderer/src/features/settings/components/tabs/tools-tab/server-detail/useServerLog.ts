/**
 * One server's log as the logs pane shows it: the host's ring buffer (mcp.server_log) followed
 * by the lines that arrive live (the mcp.server_log event), without duplicates where the two
 * overlap. Live lines are batched, so a server that floods its stderr costs one render per
 * batch, not one per line; the oldest lines are dropped past MAX_LOG_LINES.
 * One hook instance follows one server: mount it under `key={serverId}`.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { McpServerLogLine } from '@shared/contracts/mcp-types';
import type { AppErrorShape } from '@shared/errors';
import { useHost } from '@renderer/bridge/HostContext';
import { requestOrThrow } from '@renderer/data/useRoute';

/** The most the route hands back (its schema's limit) and the most the pane keeps. */
export const MAX_LOG_LINES = 5000;
const FLUSH_MS = 100;

export interface ShownLogLine extends McpServerLogLine {
  /** Increases by one per line received; survives trimming, so "clear view" can name a point. */
  seq: number;
}

const keyOf = (line: McpServerLogLine) => `${line.at}\u0000${line.stream}\u0000${line.line}`;

export interface ServerLog {
  lines: readonly ShownLogLine[];
  loading: boolean;
  error: AppErrorShape | undefined;
  /** The `seq` the next line will get. */
  nextSeq: () => number;
}

export function useServerLog(serverId: string): ServerLog {
  const host = useHost();
  const [lines, setLines] = useState<readonly ShownLogLine[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<AppErrorShape>();
  const seq = useRef(0);

  useEffect(() => {
    let cancelled = false;
    let history: McpServerLogLine[] | undefined;
    let buffered: McpServerLogLine[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const number = (incoming: McpServerLogLine[]): ShownLogLine[] => incoming.map((line) => ({ ...line, seq: seq.current++ }));
    const append = (incoming: ShownLogLine[]) => setLines((prev) => [...prev, ...incoming].slice(-MAX_LOG_LINES));
    const flush = () => {
      timer = undefined;
      if (cancelled || history === undefined || buffered.length === 0) return;
      const batch = buffered;
      buffered = [];
      append(number(batch));
    };

    // Subscribed before asking for the history, so nothing falls between the two.
    const off = host.on('mcp.server_log', (line) => {
      if (line.serverId !== serverId) return;
      buffered.push(line);
      timer ??= setTimeout(flush, FLUSH_MS);
    });
    requestOrThrow(host, 'mcp.server_log', { id: serverId, limit: MAX_LOG_LINES })
      .then(({ lines: past }) => {
        history = past;
      })
      .catch((err: AppErrorShape) => {
        history = [];
        if (!cancelled) setError(err);
      })
      .finally(() => {
        if (cancelled) return;
        const seen = new Set(history!.map(keyOf));
        const early = buffered.filter((line) => !seen.has(keyOf(line)));
        buffered = [];
        append(number([...history!, ...early]));
        setLoading(false);
      });
    return () => {
      cancelled = true;
      off();
      if (timer) clearTimeout(timer);
    };
  }, [host, serverId]);

  const nextSeq = useCallback(() => seq.current, []);
  return { lines, loading, error, nextSeq };
}
