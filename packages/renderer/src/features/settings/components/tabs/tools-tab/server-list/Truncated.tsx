import { ListTooltip } from './ListTooltip';
import type { ReactNode } from 'react';
import { VisibleText } from '@renderer/components/VisibleText';

/**
 * One line cut with "…", the whole text on hover and keyboard focus. Plain CSS rather than
 * Typography's ellipsis, which measures every row with hidden copies of it: with fifty rows that
 * measuring was most of the list's render time. The text comes from servers and links, so its
 * newlines, controls and bidi characters are shown as marks (VisibleText), in the tooltip too.
 */
export function Truncated({
  text,
  children,
  code,
  strong,
  secondary,
  className,
  testId,
}: {
  text: string;
  children?: ReactNode;
  code?: boolean;
  strong?: boolean;
  secondary?: boolean;
  /** Layout in its row (flex, width), from styles.css. */
  className?: string;
  testId?: string;
}) {
  const classes = ['truncated', strong && 'truncated-strong', secondary && 'text-secondary', code && 'truncated-code', className].filter(Boolean).join(' ');
  return (
    <ListTooltip title={<VisibleText text={text} />} mouseEnterDelay={0.4}>
      <span className={classes} tabIndex={0} data-testid={testId}>
        {children ?? <VisibleText text={text} />}
      </span>
    </ListTooltip>
  );
}
