import type { EventEnvelope, EventName } from '@shared/contracts/ipc';
import { OFFICIAL_MCP_PRESETS } from '@shared/mcp-presets';
import type { AppErrorShape } from '@shared/errors';
import type { TFunction } from 'i18next';
import { logLineText } from './logLineText';

/** Long log lines would push the log sideways; the summary is a glance, not the full line. */
const MAX_LINE = 120;
const clip = (text: string): string => (text.length > MAX_LINE ? `${text.slice(0, MAX_LINE - 1)}…` : text);

/** What the Activity filter groups events by; people see these words, never the event's code. */
export const EVENT_KINDS = ['connection', 'servers', 'calls', 'output', 'installs', 'notices'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/**
 * Exhaustive: a new event in the contract is a compile error here until it has a kind. `null`:
 * not listed in Activity (chat.delta is every piece of a model's answer; the chat view shows it).
 */
const KIND_OF: Record<EventName, EventKind | null> = {
  'mcp.connection_state': 'connection',
  'mcp.auth_state': 'connection',
  'mcp.tools_changed': 'connection',
  'mcp.servers_changed': 'servers',
  'mcp.link_installed': 'servers',
  'mcp.tool_called': 'calls',
  'mcp.tool_progress': 'calls',
  'mcp.elicitation_request': 'calls',
  'mcp.elicitation_closed': 'calls',
  'chat.delta': null,
  'chat.tool_call': 'calls',
  'chat.turn_end': 'calls',
  'chat.approval_request': 'calls',
  'chat.approval_closed': 'calls',
  'mcp.sampling_request': 'calls',
  'mcp.sampling_closed': 'calls',
  'agents.session_state': null,
  'mcp.server_log': 'output',
  'deps.install_progress': 'installs',
  'presets.install_progress': 'installs',
  'app.notice': 'notices',
  'app.events_dropped': 'notices',
};

/** The events Activity lists. */
export type ListedEnvelope = Exclude<EventEnvelope, { event: 'chat.delta' | 'agents.session_state' }>;

export const isListed = (envelope: EventEnvelope): envelope is ListedEnvelope => KIND_OF[envelope.event] !== null;

export const eventKind = (envelope: ListedEnvelope): EventKind => KIND_OF[envelope.event]!;

/**
 * One short, translated line per event. `serverName` turns ids into the names the person chose.
 * `t` is bound to the `settings/tools` namespace. Connection errors are summarised by their
 * code's sentence elsewhere (the list explains them); here the state is enough.
 */
export function summarizeEvent(
  envelope: ListedEnvelope,
  t: TFunction<['settings/tools', 'serverRequests', 'chat', 'common']>,
  serverName: (id: string) => string,
  /** The person's words for a coded connect failure (its hint or code sentence); the raw message otherwise. */
  explainFailure?: (failure: AppErrorShape) => string,
): string {
  switch (envelope.event) {
    case 'mcp.servers_changed': {
      const base = t(`events.serversChanged.${envelope.payload.reason}`);
      const id = envelope.payload.id;
      return id ? `${base}: ${serverName(id)}` : base;
    }
    case 'mcp.connection_state': {
      const { serverId, state, error, failure } = envelope.payload;
      const values = { server: serverName(serverId), state: t(`events.state.${state}`) };
      const reason = failure && explainFailure ? explainFailure(failure) : error?.split('\n')[0];
      return reason ? t('events.connectionStateError', { ...values, error: clip(reason) }) : t('events.connectionState', values);
    }
    case 'mcp.auth_state': {
      const { serverId, auth } = envelope.payload;
      return t('auth.activity', { server: serverName(serverId), state: t(`auth.state.${auth?.state ?? 'none'}`) });
    }
    case 'mcp.tool_called': {
      const { serverId, toolName, duration, success } = envelope.payload;
      const values = { server: serverName(serverId), tool: toolName, duration: Math.round(duration) };
      return t(success ? 'events.toolCalledOk' : 'events.toolCalledFailed', values);
    }
    case 'mcp.server_log':
      return t('events.serverLog', {
        server: serverName(envelope.payload.serverId),
        stream: t(`detail.logs.stream.${envelope.payload.stream}`),
        line: clip(logLineText(envelope.payload, t)),
      });
    case 'deps.install_progress': {
      const { command, percent, line } = envelope.payload;
      // An installer's own output line says more than its phase ("output").
      const phase = line === undefined ? t(`events.depsPhase.${envelope.payload.phase}`) : clip(line);
      return percent === undefined
        ? t('events.depsProgress', { command, phase })
        : t('events.depsProgressPercent', { command, phase, percent: Math.round(percent) });
    }
    case 'mcp.tool_progress': {
      const { serverId, toolName, progress, total } = envelope.payload;
      const values = { server: serverName(serverId), tool: toolName, progress };
      return total === undefined ? t('events.toolProgress', values) : t('events.toolProgressTotal', { ...values, total });
    }
    case 'mcp.elicitation_request':
      return t('serverRequests:activity.asked', { server: envelope.payload.serverName, message: clip(envelope.payload.message) });
    case 'mcp.elicitation_closed':
      return t(`serverRequests:activity.closed.${envelope.payload.reason}`, { server: serverName(envelope.payload.serverId) });
    case 'mcp.tools_changed':
      return t('events.toolsChanged', { server: serverName(envelope.payload.serverId) });
    case 'mcp.link_installed':
      return t('events.linkInstalled', { count: envelope.payload.ids.length });
    case 'app.notice':
      return t('events.appNotice', { title: t(`common:notices.${envelope.payload.code}.title`) });
    case 'presets.install_progress': {
      const { presetId, step } = envelope.payload;
      const preset = OFFICIAL_MCP_PRESETS.find((p) => p.id === presetId)?.name ?? presetId;
      return t('gallery.activity', { preset, step: t(`gallery.steps.${step.step}`), state: t(`gallery.stepState.${step.status}`) });
    }
    case 'app.events_dropped':
      return t('events.eventsDropped', { count: envelope.payload.count });
    case 'chat.tool_call':
      return t('events.chat.toolCall', { server: envelope.payload.serverName, tool: envelope.payload.toolName, status: t(`chat:call.status.${envelope.payload.status}`) });
    case 'chat.turn_end':
      return t('events.chat.turnEnd', { status: t(`chat:call.status.${envelope.payload.status}`) });
    case 'chat.approval_request':
      return t('events.chat.approvalAsked', { server: envelope.payload.serverName, tool: envelope.payload.toolName });
    case 'chat.approval_closed':
      return t('events.chat.approvalClosed', { outcome: t(`events.chat.approvalOutcome.${envelope.payload.outcome}`) });
    case 'mcp.sampling_request':
      return t('events.chat.samplingAsked', { server: envelope.payload.serverName });
    case 'mcp.sampling_closed':
      return t('events.chat.samplingClosed', { outcome: t(`events.chat.samplingOutcome.${envelope.payload.outcome}`) });
  }
}
