/**
 * What a chat is set up with, for ChatView: the provider and model (remembered between visits),
 * the active servers and their tools, and which of those tools the model gets. A "Try with a
 * model" on one server (the Tools tab's chatFocus) narrows the tools to that server's; an agent
 * preset running in the chat narrows them to the servers and tools it may use (as the host does).
 */
import { useMemo, useState } from 'react';
import { useRoute } from '@renderer/data/useRoute';
import { initialProvider, loadModelChoice, saveModelChoice, type ModelChoice } from '@renderer/data/modelChoice';
import { useToolsTabNav } from '@renderer/features/settings/components/tabs/tools-tab/ToolsTabNav';
import type { AgentPreset } from '@shared/contracts/agents';
import { ALL_ON, chosenTools, onlyServer, presetScope, type ToolChoice } from '../model/toolSelection';

export function useChatSetup(preset?: AgentPreset) {
  const nav = useToolsTabNav();
  const providers = useRoute('providers.list');
  const list = useRoute('mcp.list');
  const listed = useRoute('mcp.list_all_tools', {});

  const [choice, setChoice] = useState<Partial<ModelChoice>>(() => loadModelChoice('chat') ?? {});
  const providerId = providers.data ? initialProvider(providers.data, choice.providerId ? { providerId: choice.providerId, model: '' } : undefined) : undefined;
  const provider = providers.data?.find((entry) => entry.id === providerId);
  const model = choice.providerId === providerId ? (choice.model ?? '') : '';
  const ready = !!provider;

  const choose = (next: ModelChoice) => {
    setChoice(next);
    saveModelChoice('chat', next);
  };

  const { servers, tools } = useMemo(
    () => presetScope(preset, (list.data ?? []).filter((server) => server.isActive), listed.data ?? []),
    [preset, list.data, listed.data],
  );
  const [toolChoice, setToolChoice] = useState<ToolChoice>(() => (nav.chatFocus ? onlyServer(nav.chatFocus.serverId) : ALL_ON));
  const [pickerOpen, setPickerOpen] = useState(false);
  // A later "Try with a model" on a server, while this view stays mounted, narrows the tools again.
  const [focus, setFocus] = useState(nav.chatFocus);
  if (nav.chatFocus !== focus) {
    setFocus(nav.chatFocus);
    if (nav.chatFocus) setToolChoice(onlyServer(nav.chatFocus.serverId));
  }
  const chosen = useMemo(() => chosenTools(toolChoice, tools), [toolChoice, tools]);

  const loadError = providers.error ?? list.error;
  const focusName = toolChoice.onlyServer ? servers.find((server) => server.id === toolChoice.onlyServer)?.name : undefined;

  return { providers, providerId, provider, model, ready, choose, servers, tools, toolChoice, setToolChoice, pickerOpen, setPickerOpen, chosen, loadError, focusName };
}
