import { CloseCircleFilled } from '@ant-design/icons';
import { Alert, Flex, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MCPTool, McpCallToolResult } from '@shared/contracts/mcp-types';
import type { AppErrorShape } from '@shared/errors';
import { ErrorAlert } from './ErrorAlert';
import { BlockView } from './tool-call/BlockView';
import { CopyButton } from './tool-call/CopyButton';
import { CallHeader, RunningState, type CallStatus, type ToolCallProgress } from './tool-call/CallHeader';
import { JsonView } from './tool-call/JsonView';
import { StructuredContentView } from './tool-call/StructuredContentView';
import { LazyBoundary } from './lazy/LazyBoundary';
import { lazyComponent } from './lazy/lazyComponent';

/** The MCP Apps host (ext-apps' AppBridge) loads only when a called tool has an app. */
const AppView = lazyComponent(() => import('./mcp-app/AppView').then((m) => m.AppView));

export type { ToolCallProgress } from './tool-call/CallHeader';

/**
 * One tool call as a person sees it: the arguments sent and what came back. `result` is absent
 * while the call runs; `error` is a call that never produced a result (an exception, a refusal),
 * while `result.isError` is a tool that ran and reported a failure.
 */
export interface ToolCallView {
  serverName: string;
  toolName: string;
  args: Record<string, unknown>;
  result?: McpCallToolResult | undefined;
  error?: AppErrorShape | undefined;
  /** The tool's declared `outputSchema`, to check `structuredContent` against. */
  outputSchema?: Record<string, unknown> | undefined;
  /** Whether the call is still running; by default, while there is neither a result nor an error. */
  running?: boolean;
  /** The latest `mcp.tool_progress` of this call, shown as a bar while it runs. */
  progress?: ToolCallProgress | undefined;
  /** Where the call's MCP App comes from, when the called tool has one (issue 32): shown above the text result. */
  app?: ToolCallApp | undefined;
}

export interface ToolCallApp {
  serverId: string;
  tool: Pick<MCPTool, 'name' | 'app'>;
  /** Which call: the app session lives as long as the call (the playground's result's callId, the chat's call id). */
  callKey: string;
  /** The person stopped the call while its app showed (chat). */
  cancelled?: boolean;
}

export interface ToolCallDisplayOptions {
  /**
   * Off where the screen already names the tool and shows how the call went (the playground's
   * status line); "copy the whole result" then sits beside the Result heading.
   */
  header?: boolean;
}

const statusOf = (call: ToolCallView): CallStatus => {
  if (call.running) return 'running';
  if (call.error) return 'error';
  if (call.result) return call.result.isError ? 'failed' : 'succeeded';
  return call.running === false ? 'stopped' : 'running';
};

/** Saved files are named after the tool: "search-2.png", "search-arguments.json". */
const fileStemOf = (toolName: string) => toolName.replace(/[^\w.-]+/g, '_') || 'result';

/**
 * The model is given `flattenContent`'s `[Image: mime]` placeholders; the person sees the real
 * thing here: markdown (safely), images, audio, resources, structured content checked against
 * the output schema. Used by the playground and by any chat view.
 */
export function ToolCallDisplay({ call, header = true }: { call: ToolCallView } & ToolCallDisplayOptions) {
  const { t } = useTranslation(['toolCall', 'common']);
  const headingId = useId();
  const { result, error } = call;
  const status = statusOf(call);
  const stem = fileStemOf(call.toolName);
  const copyResult = result ? () => JSON.stringify(result, null, 2) : undefined;

  const blocks = result ? (
    <Flex vertical gap={8} data-testid="tool-call-content">
      {result.content.length === 0 && result.structuredContent === undefined ? (
        <Typography.Text type="secondary">{t('noContent')}</Typography.Text>
      ) : null}
      {result.content.map((block, index) => (
        <BlockView key={index} raw={block} fileStem={`${stem}-${index + 1}`} />
      ))}
      {result.structuredContent !== undefined ? (
        <StructuredContentView value={result.structuredContent} outputSchema={call.outputSchema} isError={result.isError} fileStem={stem} />
      ) : call.outputSchema && !result.isError ? (
        // The spec requires structured content from a tool that declares an output schema.
        <Alert type="warning" showIcon data-testid="schema-missing" title={t('structured.missing')} />
      ) : null}
    </Flex>
  ) : null;

  return (
    <section
      aria-labelledby={header ? headingId : undefined}
      aria-label={header ? undefined : call.toolName}
      data-testid="tool-call-display"
      data-status={status}
    >
      <Flex vertical gap={12}>
        {header ? (
          <CallHeader
            headingId={headingId}
            toolName={call.toolName}
            serverName={call.serverName}
            status={status}
            durationMs={result?.durationMs}
            copyResult={copyResult}
          />
        ) : null}
        {status === 'running' ? <RunningState progress={call.progress} /> : null}
        {/* The app shows from the call's start (its input, then its result or its cancel), but not for a call that failed. */}
        {call.app?.tool.app?.resourceUri && !result?.isError && (!error || call.app.cancelled) ? (
          <LazyBoundary>
            <AppView
              serverId={call.app.serverId}
              serverName={call.serverName}
              tool={call.app.tool}
              args={call.args}
              result={result}
              callKey={call.app.callKey}
              cancelled={call.app.cancelled ?? false}
            />
          </LazyBoundary>
        ) : null}
        {error ? <ErrorAlert error={error} testId="tool-call-error" /> : null}
        <JsonView
          title={t('arguments', { count: Object.keys(call.args).length })}
          value={call.args}
          copyLabel={t('copy.args')}
          fileStem={`${stem}-arguments`}
          defaultOpen={!result}
          testId="tool-call-args"
        />
        {result?.isError ? (
          <div data-testid="tool-call-failed" className="call-failed">
            {/* Only the sentence is the live alert: a whole result read out at once helps no one. */}
            <Flex align="center" justify="space-between" gap={8} className="mb-xs">
              <Flex role="alert" align="center" gap={8} wrap>
                <CloseCircleFilled className="text-error" aria-hidden />
                <Typography.Text strong>{t('failed.title')}</Typography.Text>
                <Typography.Text type="secondary">{t('failed.description')}</Typography.Text>
              </Flex>
              {!header && copyResult ? <CopyButton text={copyResult} label={t('copy.result')} testId="copy-result" /> : null}
            </Flex>
            {blocks}
          </div>
        ) : result ? (
          <div>
            <Flex align="center" justify="space-between" className="mb-xs">
              <Typography.Text strong role="heading" aria-level={6}>
                {t('result')}
              </Typography.Text>
              {!header && copyResult ? <CopyButton text={copyResult} label={t('copy.result')} testId="copy-result" /> : null}
            </Flex>
            {blocks}
          </div>
        ) : null}
      </Flex>
    </section>
  );
}
