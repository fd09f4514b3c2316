import type { McpCallToolResult } from '@shared/contracts/mcp-types';
import type { AppErrorShape } from '@shared/errors';
import { Typography } from 'antd';

/**
 * One tool call as a person sees it: the arguments sent and what came back. `result` is absent
 * while the call runs; `error` is a call that never produced a result (an exception, a refusal),
 * while `result.isError` is a tool that ran and reported a failure.
 */
export interface ToolCallView {
  serverName: string;
  toolName: string;
  args: Record<string, unknown>;
  result?: McpCallToolResult;
  error?: AppErrorShape;
  /** The tool's declared `outputSchema`, to check `structuredContent` against. */
  outputSchema?: Record<string, unknown>;
}

// Placeholder until the display lands: shows the raw result so callers can be built against the props.
export function ToolCallDisplay({ call }: { call: ToolCallView }) {
  return (
    <Typography.Paragraph data-testid="tool-call-display">
      <pre>{JSON.stringify({ args: call.args, result: call.result, error: call.error }, null, 2)}</pre>
    </Typography.Paragraph>
  );
}
