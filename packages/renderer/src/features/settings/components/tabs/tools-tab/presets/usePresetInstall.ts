/**
 * A preset's install, for PresetInstallModal: what to ask (a key or which saved one, the service
 * variant, folders), `presets.install` with each step as the host reports it, and a retry that,
 * once the server exists, reconnects it and lists its tools again instead of installing anew.
 */
import { Form } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { McpPackageDownload } from '@shared/contracts/mcp-types';
import type { PresetInstallInput, PresetInstallResult, PresetListItem } from '@shared/contracts/presets';
import type { LlmProviderId } from '@shared/contracts/providers';
import { errorData } from '@shared/errorData';
import type { AppErrorShape } from '@shared/errors';
import { useHost } from '@renderer/bridge/HostContext';
import { requestOrThrow, useRoute } from '@renderer/data/useRoute';
import { applyStep, failedStep, finishWithError, finishWithSteps, idleRun, startRun, type InstallRun, type StepView } from './installSteps';
import { keySlot, linkedProviderIds, serviceVariants } from './presetFacts';

/** `provider:<id>` uses that provider's saved key; `input` the key typed here. */
type KeyChoice = `provider:${LlmProviderId}` | 'input';

export interface FormValues {
  keyChoice?: KeyChoice;
  apiKey?: string;
  variant?: LlmProviderId;
  directories?: string[];
}

export const providerOf = (choice: KeyChoice | undefined): LlmProviderId | undefined =>
  choice?.startsWith('provider:') ? (choice.slice('provider:'.length) as LlmProviderId) : undefined;

export function usePresetInstall(item: PresetListItem) {
  const host = useHost();
  const { preset } = item;
  const [form] = Form.useForm<FormValues>();
  const providers = useRoute('providers.list');
  const [run, setRun] = useState<InstallRun>(idleRun);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<PresetInstallResult | undefined>();
  const [blocking, setBlocking] = useState<AppErrorShape | undefined>();
  // Installed already: the blocking error names the server to open instead.
  const installed = errorData(blocking, 'PRESET_ALREADY_INSTALLED');
  // Events are applied only while this dialog's own install runs (the CLI may install the same preset).
  const listening = useRef(false);
  // The server this install added (its add step names it), followed while it connects.
  const added = useRef<string | undefined>(undefined);
  // Adding an active server starts its connect, so its first states (npx downloading) come before
  // the add step that names it: each server's latest download is kept until the name arrives.
  const downloads = useRef(new Map<string, McpPackageDownload | undefined>());
  // What npx downloads before that server starts, while it does (a first start takes 8–30 s).
  const [download, setDownload] = useState<McpPackageDownload | undefined>();

  useEffect(() => {
    const offProgress = host.on('presets.install_progress', ({ presetId, step }) => {
      if (!listening.current || presetId !== preset.id) return;
      if (step.step === 'add' && step.serverId) {
        added.current = step.serverId;
        setDownload(downloads.current.get(step.serverId));
      }
      setRun((current) => applyStep(current, step, Date.now()));
    });
    const offState = host.on('mcp.connection_state', (state) => {
      if (!listening.current && state.serverId !== added.current) return;
      const now = state.state === 'connecting' && state.phase === 'downloading' ? state.download : undefined;
      downloads.current.set(state.serverId, now);
      if (state.serverId === added.current) setDownload(now);
    });
    return () => {
      offProgress();
      offState();
    };
  }, [host, preset.id]);

  const slot = keySlot(preset);
  const linked = linkedProviderIds(preset);
  const saved = linked.filter((id) => providers.data?.some((p) => p.id === id && p.hasKey));
  const variants = serviceVariants(preset);
  const keyChoice = Form.useWatch('keyChoice', form);
  const typing = keyChoice === 'input' || saved.length === 0;
  const asksKey = slot !== undefined;
  const started = running || run.finished;
  const serverId = result?.server.id;

  const defaultChoice: KeyChoice = item.keyAvailableFrom ? `provider:${item.keyAvailableFrom}` : 'input';

  const install = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const fromProvider = typing ? undefined : providerOf(values.keyChoice ?? defaultChoice);
    const apiKey = typing ? values.apiKey?.trim() || undefined : undefined;
    const input: PresetInstallInput = {
      presetId: preset.id,
      ...(fromProvider && { keyFrom: fromProvider }),
      // A typed key still picks the provider's variant of the service (its host or Z_AI_MODE).
      ...(apiKey && { apiKey, ...(values.variant && { keyFrom: values.variant }) }),
      ...(values.directories?.length ? { directories: values.directories } : {}),
    };
    setBlocking(undefined);
    setResult(undefined);
    setRun(startRun(Date.now()));
    setRunning(true);
    downloads.current.clear();
    listening.current = true;
    try {
      const answer = await requestOrThrow(host, 'presets.install', input);
      setDownload(undefined);
      // A retry reconnects this server: its download (if the first was cut short) is followed too.
      added.current = answer.server.id;
      setResult(answer);
      setRun((current) => finishWithSteps(current, answer.steps));
      // The key reached the secret store; nothing here needs to hold it any longer.
      form.setFieldValue('apiKey', undefined);
    } catch (err) {
      const error = err as AppErrorShape;
      if (error.code === 'PRESET_ALREADY_INSTALLED') {
        setBlocking(error);
        setRun(idleRun());
      } else setRun((current) => finishWithError(current, error, Date.now()));
    } finally {
      listening.current = false;
      setRunning(false);
    }
  };

  /** After the add, the server exists: retrying means reconnecting it and listing its tools again. */
  const retryConnect = async (id: string) => {
    const reset = (view: StepView): StepView => (view.step === 'connect' ? { step: 'connect', state: 'running' } : view.step === 'tools' ? { step: 'tools', state: 'pending' } : view);
    let since = Date.now();
    setRun((current) => ({ ...current, finished: false, since, steps: current.steps.map(reset) }));
    setRunning(true);
    const end = (step: 'connect' | 'tools', patch: Partial<StepView>) => {
      const now = Date.now();
      const durationMs = now - since;
      since = now;
      setRun((current) => ({ ...current, since, steps: current.steps.map((v) => (v.step === step ? { step, state: 'done', durationMs, ...patch } : v)) }));
    };
    try {
      const status = await requestOrThrow(host, 'mcp.reconnect', { id });
      if (status.state !== 'connected') {
        // The coded failure, as the list explains it; a bare message only from an older host.
        const error: AppErrorShape = status.failure ?? { code: 'MCP_CONNECT_FAILED', message: status.error ?? status.state };
        end('connect', { state: 'failed', error, message: error.message });
        end('tools', { state: 'skipped' });
        return;
      }
      end('connect', {});
      setRun((current) => ({ ...current, steps: current.steps.map((v) => (v.step === 'tools' ? { step: 'tools', state: 'running' } : v)) }));
      const tools = await requestOrThrow(host, 'mcp.list_tools', { id });
      end('tools', {});
      setResult((current) => current && { ...current, ok: true, tools: tools.map((tool) => tool.name) });
    } catch (err) {
      const error = err as AppErrorShape;
      setRun((current) => {
        const step = current.steps.find((v) => v.state === 'running')?.step ?? 'connect';
        return { ...current, steps: current.steps.map((v) => (v.step === step ? { ...v, state: 'failed', error, message: error.message } : v)) };
      });
    } finally {
      setRun((current) => ({ ...current, finished: true }));
      setRunning(false);
    }
  };

  const failed = failedStep(run);
  const succeeded = run.finished && !failed && result?.ok === true;
  const retry = () => (serverId ? void retryConnect(serverId) : void install());
  const focusKey = () => {
    form.setFieldValue('keyChoice', 'input');
    setRun(idleRun());
    setTimeout(() => form.focusField('apiKey'));
  };

  return { form, run, running, download, result, blocking, installed, linked, saved, variants, keyChoice, typing, asksKey, slot, started, serverId, defaultChoice, install, failed, succeeded, retry, focusKey };
}
