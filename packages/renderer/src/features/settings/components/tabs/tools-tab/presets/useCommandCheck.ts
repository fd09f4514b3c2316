import { useRoute } from '@renderer/data/useRoute';

/** Whether a stdio preset's command is on this machine; asked once per command (the cache shares it between cards and the install dialog). */
export function useCommandCheck(command: string | undefined) {
  return useRoute('deps.check', command ? { command } : undefined, { enabled: command !== undefined, staleTime: 60_000 });
}
