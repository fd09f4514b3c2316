import { useCallback, useEffect, useState } from 'react';
import type { AgentSessionStatus } from '@shared/contracts/agents';
import type { AppErrorShape } from '@shared/errors';
import { useHost } from '@renderer/bridge/HostContext';

/** What the window knows, tagged with the chat it is about: a new chat starts with nothing. */
interface Known {
  chatId: string;
  session: AgentSessionStatus | null;
  error?: AppErrorShape;
}

/**
 * One chat's agent session: which preset runs and the state of its session servers, kept current
 * by `agents.session_state`. Starting another preset replaces the session (the host closes the old
 * one's servers); ending it closes them.
 */
export function useAgentSession(chatId: string) {
  const host = useHost();
  const [known, setKnown] = useState<Known>({ chatId, session: null });
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let live = true;
    // A session started before this window looked (another window, a reload) shows too.
    void host.request('agents.session_status', { chatId }).then((result) => {
      if (live && result.ok) setKnown({ chatId, session: result.data[0] ?? null });
    });
    const off = host.on('agents.session_state', (payload) => {
      if (payload.chatId === chatId) setKnown({ chatId, session: payload.session });
    });
    return () => {
      live = false;
      off();
    };
  }, [host, chatId]);

  const start = useCallback(
    async (agent: string, folder?: string) => {
      setPending(true);
      const result = await host.request('agents.session_start', { chatId, agent, ...(folder && { folder }) });
      setPending(false);
      setKnown((before) => (result.ok ? { chatId, session: result.data } : { chatId, session: before.chatId === chatId ? before.session : null, error: result.error }));
      return result.ok;
    },
    [host, chatId],
  );
  const end = useCallback(async () => {
    setPending(true);
    const result = await host.request('agents.session_end', { chatId });
    setPending(false);
    setKnown((before) => (result.ok ? { chatId, session: null } : { ...before, error: result.error }));
  }, [host, chatId]);

  const current = known.chatId === chatId ? known : { session: null, error: undefined };
  return { session: current.session, error: current.error, pending, start, end };
}

export type AgentSessionControl = ReturnType<typeof useAgentSession>;
