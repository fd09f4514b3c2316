/**
 * Installing a missing command from the install dialog: `deps.install`, with the installer's last
 * lines and percentage from `deps.install_progress` while it runs, and what to do next.
 */
import { useEffect, useState } from 'react';
import type { DependencyInstallResult } from '@shared/contracts/deps-types';
import type { AppErrorShape } from '@shared/errors';
import { useHost } from '@renderer/bridge/HostContext';
import { requestOrThrow } from '@renderer/data/useRoute';

export interface DepsInstallState {
  running: boolean;
  lines: string[];
  percent?: number;
  result?: DependencyInstallResult;
  error?: AppErrorShape;
}

/** How many installer lines stay visible: the last ones say where it is. */
const TAIL_LINES = 6;

export function useDependencyInstall(command: string) {
  const host = useHost();
  const [state, setState] = useState<DepsInstallState>({ running: false, lines: [] });

  useEffect(
    () =>
      host.on('deps.install_progress', (progress) => {
        if (progress.command !== command) return;
        setState((current) =>
          current.running
            ? {
                ...current,
                lines: progress.line ? [...current.lines, progress.line].slice(-TAIL_LINES) : current.lines,
                ...(progress.percent !== undefined && { percent: progress.percent }),
              }
            : current,
        );
      }),
    [host, command],
  );

  const install = async () => {
    setState({ running: true, lines: [] });
    try {
      const result = await requestOrThrow(host, 'deps.install', { command });
      setState((current) => ({ ...current, running: false, result }));
    } catch (err) {
      setState((current) => ({ ...current, running: false, error: err as AppErrorShape }));
    }
  };

  return { state, install };
}
