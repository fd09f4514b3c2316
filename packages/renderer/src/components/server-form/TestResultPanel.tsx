import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { OutputBlock } from '@renderer/components/OutputBlock';
import { Alert, Card, Flex, Tag, Typography } from 'antd';
import { MCP_TEST_STAGES, type McpTestResult, type McpTestStage, type McpTestStageResult } from '@shared/contracts/mcp-types';
import type { TransportEntry } from '@shared/transports';
import type { AppErrorShape } from '@shared/errors';
import { serverInfoLabel } from '@shared/text/serverInfoLabel';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { ToolNameTags } from '../ToolNameTags';

/** Tool names shown before "+N more". */
const TOOLS_SHOWN = 12;

export type StageLabel = (stage: McpTestStage) => string;

/** A stage's name; "connect" is starting a program or reaching a URL, by the transport's kind. */
export const stageLabel =
  (t: TFunction<['settings/tools', 'common']>, kind: TransportEntry['kind']): StageLabel =>
  (stage) =>
    stage === 'connect' ? t(`form.test.stage.connect.${kind}`) : t(`form.test.stage.${stage}`);

export interface TestRun {
  running: boolean;
  result?: McpTestResult;
  /** The route itself failed (invalid input, host gone); the stages never ran. */
  error?: AppErrorShape;
  /** The form changed after this result. */
  stale?: boolean;
}

type StageState = McpTestStageResult['state'] | 'pending';

function StageRow({ stage, state, label, durationMs }: { stage: McpTestStage; state: StageState; label: string; durationMs?: number | undefined }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const icons = {
    pending: <LoadingOutlined aria-hidden className="text-primary" />,
    passed: <CheckCircleFilled aria-hidden className="text-success" />,
    failed: <CloseCircleFilled aria-hidden className="text-error" />,
    skipped: <MinusCircleOutlined aria-hidden className="text-tertiary" />,
  };
  return (
    <Flex component="li" gap="small" align="center" justify="space-between" wrap data-testid="test-stage" data-stage={stage} data-state={state}>
      <Flex gap="small" align="center">
        {icons[state]}
        <Typography.Text {...(state === 'skipped' && { type: 'secondary' })} strong={state === 'failed'}>
          {label}
        </Typography.Text>
        <Typography.Text type="secondary">· {t(`form.test.state.${state}`)}</Typography.Text>
      </Flex>
      {durationMs !== undefined && state !== 'skipped' ? (
        <Typography.Text type="secondary" data-testid="stage-duration">
          {t('form.test.ms', { ms: Math.round(durationMs) })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** The test's stages as they stand, what the server offers when it passed, and why it stopped when it failed. */
export function TestResultPanel({ run, kind }: { run: TestRun; kind: TransportEntry['kind'] }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const label = stageLabel(t, kind);
  const { result } = run;
  const stages: { stage: McpTestStage; state: StageState; durationMs?: number | undefined }[] =
    run.running || !result ? MCP_TEST_STAGES.map((stage) => ({ stage, state: 'pending' as const })) : result.stages;

  return (
    <Card size="small" title={t('form.test.title')} data-testid="test-result" data-running={run.running} aria-live="polite" aria-busy={run.running}>
      <Flex vertical gap="small">
        {run.error && !run.running ? (
          <ErrorAlert error={run.error} />
        ) : (
          <ol className="plain-list test-stages">
            {stages.map((stage) => (
              <StageRow key={stage.stage} {...stage} label={label(stage.stage)} />
            ))}
          </ol>
        )}
        {!run.running && result?.success ? <Passed result={result} /> : null}
        {!run.running && result && !result.success ? <Failed result={result} label={label} /> : null}
        {!run.running && run.stale && (result || run.error) ? <Alert type="info" showIcon title={t('form.test.stale')} /> : null}
      </Flex>
    </Card>
  );
}

function Passed({ result }: { result: McpTestResult }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const server = serverInfoLabel(result.serverInfo) ?? '—';
  return (
    <Flex vertical gap="small" data-testid="test-passed">
      <Typography.Text>{t('form.test.passed', { server, count: result.tools.length })}</Typography.Text>
      {result.tools.length ? (
        <ToolNameTags
          tools={result.tools}
          visible={TOOLS_SHOWN}
          moreLabel={(count) => t('form.test.moreTools', { count })}
          renderTag={(tool) => (
            <Tag key={tool} className="tag-capped" title={tool}>
              {tool}
            </Tag>
          )}
        />
      ) : null}
      {result.invalidTools.length ? (
        <Alert
          type="warning"
          showIcon
          title={t('form.test.invalidTools', { count: result.invalidTools.length })}
          description={result.invalidTools.map((issue) => `${issue.name}: ${issue.message}`).join('\n')}
        />
      ) : null}
    </Flex>
  );
}

function Failed({ result, label }: { result: McpTestResult; label: StageLabel }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const title = result.failedStage ? t('form.test.failedAt', { stage: label(result.failedStage) }) : undefined;
  return (
    <Flex vertical gap="small" data-testid="test-failed" data-failed-stage={result.failedStage}>
      {result.error ? <ErrorAlert error={result.error} title={title} serverOutput={false} /> : null}
      {result.stderrTail?.length ? (
        <div>
          <Typography.Text type="secondary">{t('form.test.stderr')}</Typography.Text>
          <Typography.Paragraph
            copyable={{ text: result.stderrTail.join('\n') }}
            data-testid="test-stderr"
            className="m-0"
          >
            <OutputBlock>
              {result.stderrTail.join('\n')}
            </OutputBlock>
          </Typography.Paragraph>
        </div>
      ) : null}
    </Flex>
  );
}
