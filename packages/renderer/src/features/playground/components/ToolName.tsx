/** A tool as the picker shows it: the title its server gives, with the name calls use beside it. */
import { Flex, Typography } from 'antd';
import type { McpServerTool } from '@shared/contracts/mcp-types';

/** The human-readable name: the tool's own title, else the one in its annotations. */
export const toolTitle = (tool: Pick<McpServerTool, 'title' | 'annotations'>): string | undefined => tool.title ?? tool.annotations?.title;

export function ToolName({ tool }: { tool: McpServerTool }) {
  const title = toolTitle(tool);
  if (!title || title === tool.name) return <Typography.Text ellipsis>{tool.name}</Typography.Text>;
  return (
    <Flex gap="small" align="baseline" className="min-w-0">
      <Typography.Text ellipsis>{title}</Typography.Text>
      <Typography.Text type="secondary" ellipsis className="mono text-sm">
        {tool.name}
      </Typography.Text>
    </Flex>
  );
}
