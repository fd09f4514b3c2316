import { CheckCircleFilled, ClockCircleOutlined, CloseCircleFilled, LoadingOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { McpPackageDownload } from '@shared/contracts/mcp-types';
import type { PresetInstallResult } from '@shared/contracts/presets';
import { errorData } from '@shared/errorData';
import type { AppErrorShape, ErrorCode } from '@shared/errors';
import type { OfficialMcpPreset } from '@shared/mcp-presets';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { failureText } from '../server-list/failureText';
import { DependencyInstall } from './DependencyInstall';
import type { InstallRun, StepState, StepView } from './installSteps';
import { useCommandCheck } from './useCommandCheck';
import { keySlot, providerName } from './presetFacts';

const KEY_CODES: readonly ErrorCode[] = ['PRESET_KEY_REQUIRED', 'PRESET_PROVIDER_NO_KEY', 'PRESET_PROVIDER_NOT_LINKED'];
const REFUSED_CODES: readonly ErrorCode[] = ['UNAUTHORIZED', 'FORBIDDEN'];
const FIXES = ['DEPS_MISSING', 'PRESET_KEY_REQUIRED', 'PRESET_PROVIDER_NO_KEY', 'UNAUTHORIZED', 'FORBIDDEN', 'MCP_TIMEOUT', 'MCP_CONNECT_FAILED'] as const;
type FixCode = (typeof FIXES)[number];
const isFixCode = (code: string): code is FixCode => (FIXES as readonly string[]).includes(code);
/** Fixes that name the key, with a variant for an install that set none (gallery.fixWithoutKey). */
const KEYED_FIXES: readonly string[] = ['UNAUTHORIZED', 'FORBIDDEN', 'MCP_CONNECT_FAILED'];

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
  /** The added server's connect is waiting for npx to download its package (a first start). */
  download?: McpPackageDownload | undefined;
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

function StepDetail({ view, preset, result, download }: { view: StepView } & StepListProps) {
  const { t } = useTranslation(['settings/tools', 'common']);
  // The gallery card asked already; the answer is in the cache.
  const check = useCommandCheck(view.step === 'dependency' && view.state === 'done' ? preset.command : undefined).data;
  let text: ReactNode = null;
  if (view.step === 'connect' && view.state === 'running' && download) {
    text = t('gallery.stepDetail.connectDownloading', { package: `${download.package}@${download.version ?? 'latest'}` });
  }
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

/**
 * A failed step: the reason in the person's language, what to do, and the buttons that do it. A
 * failed connect is explained as the server list explains it (failureText: the program exited
 * with its code, HTTP 404 and the path it expected …), with the program's own last lines.
 */
function StepFailure({ view, error, preset, run, running, onRetry, onEnterKey, onOpenLogs, onEditServer }: { view: StepView; error: AppErrorShape } & StepListProps) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const command = errorData(error, 'DEPS_MISSING')?.command ?? preset.command ?? '';
  // An event without data carries only a code; the sentence may need the preset's own values.
  const withData: AppErrorShape = { ...error, data: { command, presetName: preset.name, linkedProviders: (preset.linkedProviderIds ?? []).map(providerName).join(', '), ...error.data } };
  const diagnosis = failureText(withData, t, tErrors);
  const missingCommand = error.code === 'DEPS_MISSING';
  // The generic fix ("check the network and the key") would send the person the wrong way where the host knew better.
  // An install that set no key (its key step was skipped) is not sent to check one.
  const withoutKey = run.steps.find((s) => s.step === 'key')?.state === 'skipped' && KEYED_FIXES.includes(error.code);
  const fix =
    diagnosis.hint && !missingCommand
      ? undefined
      : withoutKey
        ? t(`gallery.fixWithoutKey.${error.code as 'MCP_CONNECT_FAILED'}`)
        : isFixCode(error.code)
          ? t(`gallery.fix.${error.code}`, { command })
          : t('gallery.fix.other');

  return (
    <Flex vertical gap="small" className="install-failure" data-testid="install-failure" data-hint={diagnosis.hintCode}>
      <ErrorAlert error={withData} title={diagnosis.hint} />
      {diagnosis.stage ? (
        <Typography.Text type="secondary" data-testid="install-failure-stage">
          {t('errorHelp.stageLabel', { stage: t(`errorHelp.stage.${diagnosis.stage}`) })}
        </Typography.Text>
      ) : null}
      {fix ? <Typography.Text data-testid="install-fix">{fix}</Typography.Text> : null}
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
