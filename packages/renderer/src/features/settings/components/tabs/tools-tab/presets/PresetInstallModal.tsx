import { Alert, Button, Flex, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import type { PresetInstallInput, PresetInstallResult, PresetListItem } from '@shared/contracts/presets';
import type { LlmProviderId } from '@shared/contracts/providers';
import type { AppErrorShape } from '@shared/errors';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHost } from '@renderer/bridge/HostContext';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { requestOrThrow, useRoute } from '@renderer/data/useRoute';
import { useToolsTabNav } from '../ToolsTabNav';
import { InstallStepList } from './InstallStepList';
import { applyStep, failedStep, finishWithError, finishWithSteps, idleRun, startRun, type InstallRun, type StepView } from './installSteps';
import { keySlot, linkedProviderIds, providerName, serviceVariants } from './presetFacts';
import { errorData } from '@shared/errorData';

/** `provider:<id>` uses that provider's saved key; `input` the key typed here. */
type KeyChoice = `provider:${LlmProviderId}` | 'input';

interface FormValues {
  keyChoice?: KeyChoice;
  apiKey?: string;
  variant?: LlmProviderId;
  directories?: string[];
}

const providerOf = (choice: KeyChoice | undefined): LlmProviderId | undefined =>
  choice?.startsWith('provider:') ? (choice.slice('provider:'.length) as LlmProviderId) : undefined;

/**
 * One-click install of a preset: asks only what is missing (a key, or which saved key; the
 * service variant; folders), then runs `presets.install` and shows each step as the host reports
 * it, with what to do about a step that fails.
 */
export function PresetInstallModal({ item, onClose }: { item: PresetListItem; onClose: () => void }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const host = useHost();
  const nav = useToolsTabNav();
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

  useEffect(
    () =>
      host.on('presets.install_progress', ({ presetId, step }) => {
        if (listening.current && presetId === preset.id) setRun((current) => applyStep(current, step, Date.now()));
      }),
    [host, preset.id],
  );

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
    listening.current = true;
    try {
      const answer = await requestOrThrow(host, 'presets.install', input);
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
        const error: AppErrorShape = { code: 'MCP_CONNECT_FAILED', message: status.error ?? status.state };
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

  const footer = started
    ? [
        serverId ? (
          <Button key="open" onClick={() => (onClose(), nav.openDetail(serverId))} disabled={running}>
            {t('gallery.installDialog.openServer')}
          </Button>
        ) : null,
        <Button key="close" type={succeeded ? 'primary' : 'default'} onClick={onClose} disabled={running}>
          {succeeded ? t('gallery.installDialog.done') : t('gallery.installDialog.close')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          {t('gallery.installDialog.close')}
        </Button>,
        <Button key="install" type="primary" onClick={() => void install()} data-testid="preset-install-start">
          {t('gallery.installDialog.start')}
        </Button>,
      ];

  const keyHint = [
    slot?.kind === 'env' ? t('gallery.installDialog.keyHintEnv', { name: slot.name }) : slot ? t('gallery.installDialog.keyHintHeader', { header: slot.header }) : '',
    t('gallery.installDialog.keyStored'),
    preset.requiresApiKey ? '' : t('gallery.installDialog.keyOptionalHint'),
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <Modal
      open
      title={t('gallery.installDialog.title', { name: preset.name })}
      {...(!running && { onCancel: onClose })}
      closable={!running}
      mask={{ closable: !running }}
      keyboard={!running}
      footer={footer}
      width={560}
      // Room for every step and a failure's fixes at 700 px high.
      style={{ top: 24 }}
      destroyOnHidden
    >
      <Flex vertical gap="middle" data-testid="preset-install">
        {blocking ? (
          <Flex vertical gap="small">
            <ErrorAlert error={blocking} />
            {installed ? (
              <Button style={{ alignSelf: 'start' }} onClick={() => (onClose(), nav.openDetail(installed.serverId))}>
                {t('gallery.alreadyInstalled')}
              </Button>
            ) : null}
          </Flex>
        ) : null}

        <Form<FormValues>
          form={form}
          layout="vertical"
          disabled={started}
          initialValues={{ keyChoice: defaultChoice, variant: linked[0] }}
          requiredMark={false}
          style={{ display: started ? 'none' : undefined }}
          onFinish={() => void install()}
        >
          {asksKey && saved.length > 0 ? (
            <Form.Item name="keyChoice" label={t('gallery.installDialog.keyLabel')} style={{ marginBottom: typing ? 8 : undefined }}>
              <Radio.Group
                style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
                options={[
                  ...saved.map((id) => ({ value: `provider:${id}`, label: t('gallery.installDialog.keyFromProvider', { provider: providerName(id) }) })),
                  { value: 'input', label: t('gallery.installDialog.keyTyped') },
                ]}
              />
            </Form.Item>
          ) : null}
          {asksKey && typing ? (
            <Form.Item
              name="apiKey"
              label={saved.length > 0 ? undefined : t('gallery.installDialog.keyLabel')}
              extra={keyHint}
              rules={[{ required: preset.requiresApiKey || saved.length > 0, whitespace: true, message: t('gallery.installDialog.keyRequired') }]}
            >
              <Input.Password
                visibilityToggle={false}
                autoComplete="off"
                spellCheck={false}
                aria-label={t('gallery.installDialog.keyLabel')}
                placeholder={t('gallery.installDialog.keyPlaceholder')}
                data-testid="preset-install-key"
              />
            </Form.Item>
          ) : null}
          {asksKey && typing && variants.length > 1 ? (
            <Form.Item name="variant" label={t('gallery.installDialog.variantLabel')}>
              <Select
                aria-label={t('gallery.installDialog.variantLabel')}
                options={variants.map((v) => ({ value: v.providerId, label: `${providerName(v.providerId)} · ${v.setting}` }))}
              />
            </Form.Item>
          ) : null}
          {asksKey && !typing && variants.length > 1 ? (
            <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
              {t('gallery.installDialog.variantHint', { setting: variants.find((v) => v.providerId === providerOf(keyChoice ?? defaultChoice))?.setting ?? '' })}
            </Typography.Paragraph>
          ) : null}
          {asksKey && saved.length === 0 && linked.length > 0 ? (
            <Typography.Paragraph type="secondary">
              {t('gallery.installDialog.saveKeyHint', { providers: linked.map(providerName).join(' / ') })}
            </Typography.Paragraph>
          ) : null}
          {preset.acceptsDirectories ? (
            <Form.Item name="directories" label={t('gallery.installDialog.directoriesLabel')} extra={t('gallery.installDialog.directoriesHint')}>
              <Select mode="tags" open={false} suffixIcon={null} aria-label={t('gallery.installDialog.directoriesLabel')} placeholder={t('gallery.installDialog.directoriesPlaceholder')} />
            </Form.Item>
          ) : null}
        </Form>

        {started ? (
          <>
            <InstallStepList
              preset={preset}
              run={run}
              result={result}
              running={running}
              onRetry={retry}
              onEnterKey={focusKey}
              onOpenLogs={serverId ? () => (onClose(), nav.openDetail(serverId, 'logs')) : undefined}
              onEditServer={serverId ? () => (onClose(), nav.openForm({ mode: 'edit', serverId })) : undefined}
            />
            {succeeded ? <Alert type="success" showIcon title={t('gallery.installDialog.summaryOk', { name: preset.name })} data-testid="preset-install-ok" /> : null}
            {run.finished && failed && serverId ? <Alert type="warning" showIcon title={t('gallery.installDialog.summaryFailed', { name: preset.name })} /> : null}
          </>
        ) : null}
      </Flex>
    </Modal>
  );
}
