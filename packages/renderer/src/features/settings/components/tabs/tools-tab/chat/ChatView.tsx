import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LlmProviderId } from '@shared/contracts/providers';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { useRoute } from '@renderer/data/useRoute';
import { useToolsTabNav } from '../ToolsTabNav';
import { ChatEmpty } from './ChatEmpty';
import { Composer } from './Composer';
import { Conversation } from './Conversation';
import { initialProvider, loadModelChoice, saveModelChoice, type ModelChoice } from '@renderer/data/modelChoice';
import { ModelPicker } from './ModelPicker';
import { ToolBudget } from './ToolBudget';
import { ToolPicker } from './ToolPicker';
import { ALL_ON, chosenTools, onlyServer, toSelection, type ToolChoice } from './toolSelection';
import { useChatSession } from './useChatSession';

/**
 * "Try with a model": the person's servers working with a real model. Pick a provider and
 * model, choose the tools, and talk; the host runs the loop and streams it back as events.
 */
export function ChatView() {
  const { t } = useTranslation(['settings/tools', 'common']);
  const nav = useToolsTabNav();
  const providers = useRoute('providers.list');
  const list = useRoute('mcp.list');
  const listed = useRoute('mcp.list_all_tools', {});
  const session = useChatSession();

  const [choice, setChoice] = useState<Partial<ModelChoice>>(() => loadModelChoice('chat') ?? {});
  const providerId = providers.data ? initialProvider(providers.data, choice.providerId ? { providerId: choice.providerId, model: '' } : undefined) : undefined;
  const provider = providers.data?.find((entry) => entry.id === providerId);
  const model = choice.providerId === providerId ? (choice.model ?? '') : '';
  const ready = !!provider;

  const choose = (next: ModelChoice) => {
    setChoice(next);
    saveModelChoice('chat', next);
  };

  const servers = useMemo(() => (list.data ?? []).filter((server) => server.isActive), [list.data]);
  const tools = useMemo(() => listed.data ?? [], [listed.data]);
  const [toolChoice, setToolChoice] = useState<ToolChoice>(() => (nav.chatFocus ? onlyServer(nav.chatFocus.serverId) : ALL_ON));
  const [pickerOpen, setPickerOpen] = useState(false);
  // A later "Try with a model" on a server, while this view stays mounted, narrows the tools again.
  const [focus, setFocus] = useState(nav.chatFocus);
  if (nav.chatFocus !== focus) {
    setFocus(nav.chatFocus);
    if (nav.chatFocus) setToolChoice(onlyServer(nav.chatFocus.serverId));
  }
  const chosen = useMemo(() => chosenTools(toolChoice, tools), [toolChoice, tools]);

  const blocked = !ready ? t('chat.input.noProvider') : !model.trim() ? t('chat.input.noModel') : undefined;
  const send = (message: string) =>
    session.send({ providerId: providerId!, model: model.trim(), message, tools: toSelection(toolChoice, servers, tools) });

  const loadError = providers.error ?? list.error;
  const focusName = toolChoice.onlyServer ? servers.find((server) => server.id === toolChoice.onlyServer)?.name : undefined;

  return (
    <Card
      size="small"
      title={t('chat.title')}
      data-testid="chat-view"
      classNames={{ body: 'chat-body' }}
      extra={
        <Tooltip title={t('chat.newHelp')}>
          <Button size="small" icon={<PlusOutlined />} onClick={() => void session.startNew()} data-testid="chat-new">
            {t('chat.new')}
          </Button>
        </Tooltip>
      }
    >
      {loadError ? <ErrorAlert error={loadError} testId="chat-load-error" /> : null}
      <ModelPicker
        providers={providers.data ?? []}
        providerId={providerId}
        model={model}
        onProvider={(id: LlmProviderId) => choose({ providerId: id, model: '' })}
        onModel={(next) => providerId && choose({ providerId, model: next })}
      />
      {focusName ? (
        <Alert
          type="info"
          showIcon
          data-testid="chat-focus"
          title={t('chat.focus', { server: focusName })}
          action={
            <Button size="small" onClick={() => setToolChoice(ALL_ON)}>
              {t('chat.focusAll')}
            </Button>
          }
        />
      ) : null}
      <Conversation
        // A new chat is a new log: it starts at the bottom, following.
        key={session.chatId}
        entries={session.entries}
        running={session.running}
        empty={<ChatEmpty ready={ready} toolCount={chosen.length} />}
      />
      <ToolBudget provider={provider} tools={chosen} total={tools.length} onPick={() => setPickerOpen(true)} />
      {session.error ? <ErrorAlert error={session.error} testId="chat-error" /> : null}
      <Composer blocked={blocked} running={session.running} stopping={session.stopping} onSend={send} onStop={() => void session.stop()} />
      <ToolPicker open={pickerOpen} onClose={() => setPickerOpen(false)} servers={servers} tools={tools} choice={toolChoice} onChange={setToolChoice} />
    </Card>
  );
}
