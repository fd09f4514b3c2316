import { CheckCircleFilled, ClockCircleOutlined, CloseCircleFilled, LoadingOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Progress, Typography } from 'antd';
import type { DependencyInstallResult } from '@shared/contracts/deps-types';
import type { PresetInstallResult } from '@shared/contracts/presets';
import type { AppErrorShape, ErrorCode } from '@shared/errors';
import type { OfficialMcpPreset } from '@shared/mcp-presets';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHost } from '@renderer/bridge/HostContext';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { requestOrThrow } from '@renderer/data/useRoute';
import type { InstallRun, StepState, StepView } from './installSteps';
import { useCommandCheck } from './useCommandCheck';
import { keySlot, providerName } from './presetFacts';
import { errorData } from '@shared/errorData';

const KEY_CODES: readonly ErrorCode[] = ['PRESET_KEY_REQUIRED', 'PRESET_PROVIDER_NO_KEY', 'PRESET_PROVIDER_NOT_LINKED'];
const REFUSED_CODES: readonly ErrorCode[] = ['UNAUTHORIZED', 'FORBIDDEN'];
const FIXES = ['DEPS_MISSING', 'PRESET_KEY_REQUIRED', 'PRESET_PROVIDER_NO_KEY', 'UNAUTHORIZED', 'FORBIDDEN', 'MCP_TIMEOUT', 'MCP_CONNECT_FAILED'] as const;
type FixCode = (typeof FIXES)[number];
const isFixCode = (code: string): code is FixCode => (FIXES as readonly string[]).includes(code);

function StepIcon({ state }: { state: StepState }) {
  switch (state) {
    case 'running':
      return <LoadingOutlined aria-hidden className="text-primary" />;
    case 'done':
      return <CheckCircleFilled aria-hidden className="text-success" />;
    case 'failed':
      return <CloseCircleFilled aria-hidden className="text-error" />;
    case 'skipped':
      return <MinusCircleOutlined aria-hidden className="text-tertiary" />;
    default:
      return <ClockCircleOutlined aria-hidden className="text-quaternary" />;
  }
}

interface StepListProps {
  preset: OfficialMcpPreset;
  run: InstallRun;
  result: PresetInstallResult | undefined;
  running: boolean;
  onRetry: () => void;
  onEnterKey: () => void;
  /** Only once the server exists (a step after the add failed). */
  onOpenLogs?: (() => void) | undefined;
  onEditServer?: (() => void) | undefined;
}

/** The install's steps as they happen: state, what it found, how long it took; a failed step says what to do. */
export function InstallStepList(props: StepListProps) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const { run } = props;
  return (
    <ol aria-label={t('gallery.installDialog.stepsLabel')} aria-live="polite" className="plain-list" data-testid="install-steps">
      {run.steps.map((view) => (
        <li
          key={view.step}
          data-testid="install-step"
          data-step={view.step}
          data-state={view.state}
          className="install-step"
        >
          <Flex gap="small" align="baseline">
            <span aria-hidden className="install-step-icon">
              <StepIcon state={view.state} />
            </span>
            <Flex vertical className="flex-rest">
              <Flex justify="space-between" gap="small">
                <Typography.Text strong={view.state === 'running' || view.state === 'failed'}>
                  {t(`gallery.steps.${view.step}`)}
                  <span className="visually-hidden">
                    {' '}
                    {t(`gallery.stepState.${view.state}`)}
                  </span>
                </Typography.Text>
                <Typography.Text type="secondary" className="tabular flex-none">
                  {view.durationMs !== undefined ? t('gallery.duration', { seconds: (view.durationMs / 1000).toFixed(1) }) : t(`gallery.stepState.${view.state}`)}
                </Typography.Text>
              </Flex>
              <StepDetail view={view} {...props} />
            </Flex>
          </Flex>
          {view.state === 'failed' && view.error ? <StepFailure view={view} error={view.error} {...props} /> : null}
        </li>
      ))}
    </ol>
  );
}

function StepDetail({ view, preset, result }: { view: StepView } & StepListProps) {
  const { t } = useTranslation(['settings/tools', 'common']);
  // The gallery card asked already; the answer is in the cache.
  const check = useCommandCheck(view.step === 'dependency' && view.state === 'done' ? preset.command : undefined).data;
  let text: ReactNode = null;
  if (view.state === 'done' || view.state === 'skipped') {
    switch (view.step) {
      case 'key':
        text =
          view.state === 'skipped'
            ? t('gallery.stepDetail.keyNone')
            : result?.keySource === 'provider' && result.keyProviderId
              ? t('gallery.stepDetail.keyProvider', { provider: providerName(result.keyProviderId) })
              : result?.keySource === 'input'
                ? t('gallery.stepDetail.keyInput')
                : null;
        break;
      case 'dependency':
        if (view.state === 'skipped') text = t('gallery.stepDetail.dependencyHosted');
        else if (check?.found && check.version) text = t('gallery.commandFoundVersion', { command: preset.command ?? '', version: check.version });
        else text = t('gallery.stepDetail.dependencyFound', { command: preset.command ?? '' });
        break;
      case 'add':
        text = t('gallery.stepDetail.add', { name: result?.server.name ?? preset.name });
        break;
      case 'connect':
        text = view.state === 'done' ? t('gallery.stepDetail.connect') : t('gallery.stepDetail.connectSkipped');
        break;
      case 'tools':
        text =
          view.state === 'skipped' ? (
            t('gallery.stepDetail.toolsSkipped')
          ) : result?.tools.length ? (
            <>
              {t('gallery.stepDetail.tools', { count: result.tools.length })}:{' '}
              <Typography.Text code className="text-inherit-size">
                {result.tools.join(', ')}
              </Typography.Text>
            </>
          ) : null;
        break;
    }
  }
  return text ? (
    <Typography.Text type="secondary" className="text-sm" data-testid="install-step-detail">
      {text}
    </Typography.Text>
  ) : null;
}

/** A failed step: the reason in the person's language, what to do, and the buttons that do it. */
function StepFailure({ view, error, preset, running, onRetry, onEnterKey, onOpenLogs, onEditServer }: { view: StepView; error: AppErrorShape } & StepListProps) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const command = errorData(error, 'DEPS_MISSING')?.command ?? preset.command ?? '';
  // The event carries only a code; the sentence may need the preset's own values.
  const withData: AppErrorShape = { ...error, data: { command, presetName: preset.name, linkedProviders: (preset.linkedProviderIds ?? []).map(providerName).join(', '), ...error.data } };
  const fix = isFixCode(error.code) ? t(`gallery.fix.${error.code}`, { command }) : t('gallery.fix.other');
  const missingCommand = error.code === 'DEPS_MISSING';

  return (
    <Flex vertical gap="small" className="install-failure" data-testid="install-failure">
      <ErrorAlert error={withData} />
      <Typography.Text data-testid="install-fix">{fix}</Typography.Text>
      {missingCommand ? <DependencyInstall command={command} onReady={onRetry} /> : null}
      <Flex gap="small" wrap>
        {KEY_CODES.includes(error.code) ? (
          <Button size="small" onClick={onEnterKey} disabled={running}>
            {t('gallery.actions.enterKey')}
          </Button>
        ) : null}
        {onEditServer && keySlot(preset) && (REFUSED_CODES.includes(error.code) || view.step === 'connect') ? (
          <Button size="small" onClick={onEditServer} disabled={running}>
            {t('gallery.actions.editKey')}
          </Button>
        ) : null}
        {onOpenLogs ? (
          <Button size="small" onClick={onOpenLogs} disabled={running}>
            {t('gallery.actions.openLogs')}
          </Button>
        ) : null}
        <Button size="small" type="primary" onClick={onRetry} loading={running} data-testid="install-retry">
          {t('gallery.actions.retry')}
        </Button>
      </Flex>
    </Flex>
  );
}

interface DepsInstallState {
  running: boolean;
  lines: string[];
  percent?: number;
  result?: DependencyInstallResult;
  error?: AppErrorShape;
}

/** How many installer lines stay visible: the last ones say where it is. */
const TAIL_LINES = 6;

/** Installs a missing command with the dependency doctor, its output streamed as it runs. */
function DependencyInstall({ command, onReady }: { command: string; onReady: () => void }) {
  const { t } = useTranslation(['settings/tools', 'common']);
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

  const { result } = state;
  const action = result?.action ?? undefined;
  return (
    <Flex vertical gap="small" data-testid="deps-install">
      <Button size="small" className="self-start" onClick={() => void install()} loading={state.running} disabled={result?.next === 'ready'}>
        {state.running ? t('gallery.deps.installing', { command }) : t('gallery.actions.installCommand', { command })}
      </Button>
      {state.running && state.percent !== undefined ? <Progress percent={Math.round(state.percent)} size="small" /> : null}
      {state.lines.length > 0 ? (
        <pre aria-label={t('gallery.deps.output')} className="install-output">
          {state.lines.join('\n')}
        </pre>
      ) : null}
      {state.error ? <ErrorAlert error={state.error} /> : null}
      {result?.next === 'ready' ? (
        <Alert
          type="success"
          showIcon
          title={t('gallery.deps.ready', { command })}
          action={
            <Button size="small" type="primary" onClick={onReady}>
              {t('gallery.actions.retry')}
            </Button>
          }
        />
      ) : null}
      {result?.next === 'restart' ? <Alert type="info" showIcon title={t('gallery.deps.restart', { command })} /> : null}
      {result?.next === 'finish-download' && action ? (
        <Alert
          type="info"
          showIcon
          title={t('gallery.deps.finishDownload', { command })}
          action={
            <Button size="small" href={action.url} target="_blank" rel="noopener noreferrer">
              {t('gallery.actions.openDownload')}
            </Button>
          }
        />
      ) : null}
    </Flex>
  );
}
