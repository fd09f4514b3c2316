import { Tooltip, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
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
  style,
  testId,
}: {
  text: string;
  children?: ReactNode;
  code?: boolean;
  strong?: boolean;
  secondary?: boolean;
  style?: CSSProperties;
  testId?: string;
}) {
  const { token } = theme.useToken();
  const box: CSSProperties = {
    display: 'inline-block',
    minWidth: 0,
    maxWidth: '100%',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    verticalAlign: 'bottom',
    fontWeight: strong ? token.fontWeightStrong : undefined,
    color: secondary ? token.colorTextSecondary : undefined,
    ...(code && {
      fontFamily: token.fontFamilyCode,
      fontSize: '0.9em',
      padding: '0.1em 0.4em',
      background: token.colorFillTertiary,
      border: `1px solid ${token.colorBorderSecondary}`,
      borderRadius: token.borderRadiusSM,
    }),
    ...style,
  };
  return (
    <Tooltip title={<VisibleText text={text} />} mouseEnterDelay={0.4} destroyOnHidden>
      <span style={box} tabIndex={0} data-testid={testId}>
        {children ?? <VisibleText text={text} />}
      </span>
    </Tooltip>
  );
}
