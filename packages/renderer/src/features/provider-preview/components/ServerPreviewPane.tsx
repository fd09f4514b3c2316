import { useMemo } from 'react';
import type { MCPTool, McpServerRecord, McpServerTool } from '@shared/contracts/mcp-types';
import { ProviderPreview } from './ProviderPreview';

interface ServerPreviewPaneProps {
  server: Pick<McpServerRecord, 'disabledTools'>;
  /** Every tool discovery found, the disabled ones included. */
  tools: McpServerTool[];
}

/**
 * One server's tools as providers would receive them. What is enabled comes from the record, the
 * list the tools pane's switches write, so a tool switched off there leaves this preview at once,
 * without waiting for a new discovery.
 */
export function ServerPreviewPane({ server, tools }: ServerPreviewPaneProps) {
  const enabled = useMemo(() => {
    const disabled = new Set(server.disabledTools);
    return tools.filter((tool) => !disabled.has(tool.name)).map(({ disabled: _disabled, ...tool }): MCPTool => tool);
  }, [server.disabledTools, tools]);
  return <ProviderPreview tools={enabled} leftOut={tools.length - enabled.length} />;
}
