import { Button, Flex, Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';

/**
 * Tool names as tags, the first `visible` of them and then "+N more": a button, not a tag with a
 * tooltip, so a click or Enter shows the rest where they belong (its tooltip names them too).
 * Shared by a preset card and the server form's test result.
 */
export function ToolNameTags({
  tools,
  visible,
  moreLabel,
  renderTag,
  className,
}: {
  tools: readonly string[];
  visible: number;
  moreLabel: (count: number) => string;
  /** One tool's tag, keyed by the name. */
  renderTag: (tool: string) => ReactNode;
  className?: string;
}) {
  const [all, setAll] = useState(false);
  const hidden = tools.slice(visible);
  return (
    <Flex gap={4} wrap {...(className !== undefined && { className })}>
      {(all ? tools : tools.slice(0, visible)).map(renderTag)}
      {hidden.length > 0 && !all ? (
        <Tooltip title={hidden.join(', ')}>
          <Button size="small" type="link" className="text-xs padding-inline-0" onClick={() => setAll(true)} data-testid="more-tools">
            {moreLabel(hidden.length)}
          </Button>
        </Tooltip>
      ) : null}
    </Flex>
  );
}
