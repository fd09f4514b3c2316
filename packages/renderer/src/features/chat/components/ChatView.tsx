import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LlmProviderId } from '@shared/contracts/providers';
import { useHost } from '@renderer/bridge/HostContext';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { AppChatContext, type AppChatLink } from '@renderer/components/mcp-app/appChat';
import { useRoute } from '@renderer/data/useRoute';
import { AgentPicker, AgentPickerPrompt, useAgentPicker, useAgentSession } from '@renderer/features/agents';
import { dynamicStyle } from '@renderer/theme/dynamicStyle';
import { usePutOffApprovals } from '@renderer/features/server-requests/putOffApprovals';
import { useFillViewport } from '../hooks/useFillViewport';
import { useChatSetup } from '../hooks/useChatSetup';
import { ALL_ON, toSelection } from '../model/toolSelection';
import { useChatSession } from '../queries/useChatSession';
import { ChatEmpty } from './ChatEmpty';
import { Composer } from './Composer';
import { Conversation } from './Conversation';
import { ModelPicker } from './ModelPicker';
import { ToolBudget } from './ToolBudget';
import { ToolPicker } from './ToolPicker';

/**
 * "Try with a model": the person's servers working with a real model. Pick a provider and
 * model, choose the tools, and talk; the host runs the loop and streams it back as events.
 */
export function ChatView() {
  const { t } = useTranslation(['chat', 'common']);
  const session = useChatSession();
  const agent = useAgentSession(session.chatId);
  const agents = useRoute('agents.list');
  const agentPreset = agent.session ? agents.data?.find((candidate) => candidate.id === agent.session?.agentId) : undefined;
  const sessionTools = agent.session?.servers.reduce((sum, server) => sum + (server.state === 'running' ? server.tools.length : 0), 0) ?? 0;
  const { ref: fillRef, height } = useFillViewport();
  const { providers, providerId, provider, model, ready, choose, servers, tools, toolChoice, setToolChoice, pickerOpen, setPickerOpen, chosen, loadError, focusName } = useChatSetup(agentPreset);
  // A new chat starts without the preset: its session servers stop (the host's chat.reset would too, but the window says so first).
  // A preset that names a model brings it along; the person can still change it.
  const picker = useAgentPicker(agent, (preset) => preset.providerId && choose({ providerId: preset.providerId, model: preset.model ?? '' }));
  const startNew = async () => {
    if (agent.session) await agent.end();
    await session.startNew();
  };

  const putOff = usePutOffApprovals(session.chatId);
  const firstPutOff = putOff.requests[0];
  const blocked = !ready ? t('input.noProvider') : !model.trim() ? t('input.noModel') : undefined;
  const send = (message: string) =>
    session.send({ providerId: providerId!, model: model.trim(), message, tools: toSelection(toolChoice, servers, tools) });
  // What an app in the transcript may do with this chat: the person's next turn (after they agreed, in AppView), the model's context.
  // (AppView reads the newest of these when the app asks, so a new object per render costs nothing.)
  const host = useHost();
  const appChat: AppChatLink = {
    // A turn that runs already is refused by the host (CHAT_BUSY), which the chat shows.
    send: async (text) => !blocked && send(text),
    modelContext: (context) => void host.request('chat.app_context', { chatId: session.chatId, ...context }),
  };

  return (
    <Card
      ref={fillRef}
      size="small"
      title={t('title')}
      data-testid="chat-view"
      className="chat-card"
      {...(height !== undefined && { style: dynamicStyle({ height }) })}
      classNames={{ body: 'chat-body' }}
      extra={
        // The agent and its running session servers sit in the header, beside New chat which ends them.
        <Flex gap="small" align="center" className="min-w-0">
          <AgentPicker chatId={session.chatId} picker={picker} />
          <Tooltip title={t('newHelp')}>
            <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={() => void startNew()} data-testid="chat-new">
              {t('new')}
            </Button>
          </Tooltip>
        </Flex>
      }
    >
      {loadError ? <ErrorAlert error={loadError} testId="chat-load-error" /> : null}
      <AgentPickerPrompt picker={picker} />
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
          title={t('focus', { server: focusName })}
          action={
            <Button size="small" onClick={() => setToolChoice(ALL_ON)}>
              {t('focusAll')}
            </Button>
          }
        />
      ) : null}
      <AppChatContext.Provider value={appChat}>
        <Conversation
          // A new chat is a new log: it starts at the bottom, following.
          key={session.chatId}
          entries={session.entries}
          running={session.running}
          empty={<ChatEmpty ready={ready} toolCount={chosen.length + sessionTools} sessionToolsAllowed={sessionTools > 0 && agentPreset?.approval === 'allow_all'} />}
        />
      </AppChatContext.Provider>
      <ToolBudget provider={provider} tools={chosen} total={tools.length} sessionTools={sessionTools} onPick={() => setPickerOpen(true)} />
      {firstPutOff ? (
        // Above the message field, where the person looks while the turn waits for them.
        <Alert
          type="warning"
          showIcon
          data-testid="chat-put-off"
          title={t('putOff', { count: putOff.requests.length, tool: firstPutOff.toolTitle ?? firstPutOff.toolName })}
          action={
            <Button size="small" type="primary" onClick={() => putOff.review(firstPutOff.requestId)}>
              {t('call.decide')}
            </Button>
          }
        />
      ) : null}
      {session.error ? <ErrorAlert error={session.error} testId="chat-error" /> : null}
      <Composer blocked={blocked} running={session.running} stopping={session.stopping} onSend={send} onStop={() => void session.stop()} />
      <ToolPicker open={pickerOpen} onClose={() => setPickerOpen(false)} servers={servers} tools={tools} choice={toolChoice} onChange={setToolChoice} />
    </Card>
  );
}
