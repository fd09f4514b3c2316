/**
 * What the playground was doing, per server, kept for as long as the app runs: the tool picked,
 * what was typed for each tool (form or raw JSON, valid or not), and which call is shown. The
 * drawer unmounts its panes when it closes (Esc closes it), and closing it must not lose a form.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { Emitter } from '@shared/lifecycle/Emitter';

export type EditorMode = 'form' | 'json';

export interface Draft {
  args: Record<string, unknown>;
  /** What the JSON box holds; may be invalid JSON, which is kept as typed. */
  text: string;
  mode: EditorMode;
}

export interface Session {
  toolName?: string;
  drafts: Readonly<Record<string, Draft>>;
  /** The call whose result is shown. */
  shownCallId?: string;
  /** A call an app link asked for (appLinkIntent.ts), until the playground has taken it. */
  linked?: { toolName: string; args: Record<string, unknown> };
  /** The tool a link asked for that the server does not offer (said in the pane). */
  linkedToolMissing?: string;
}

const EMPTY: Session = { drafts: {} };
const sessions = new Map<string, Session>();
const changes = new Emitter<{ change: void }>();

export const playgroundSessions = {
  get: (serverId: string): Session => sessions.get(serverId) ?? EMPTY,
  update(serverId: string, change: (session: Session) => Session): void {
    sessions.set(serverId, change(playgroundSessions.get(serverId)));
    changes.emit('change', undefined);
  },
  /** Opens the playground on a tool (the tool row's "Try"). */
  pick(serverId: string, toolName: string): void {
    playgroundSessions.update(serverId, (s) => ({ ...s, toolName }));
  },
  subscribe: (listener: () => void): (() => void) => changes.on('change', listener),
};

export function usePlaygroundSession(serverId: string) {
  const session = useSyncExternalStore(playgroundSessions.subscribe, () => playgroundSessions.get(serverId));
  const update = useCallback((change: (s: Session) => Session) => playgroundSessions.update(serverId, change), [serverId]);
  return [session, update] as const;
}
