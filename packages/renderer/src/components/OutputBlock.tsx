import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A server's own output (stderr lines, a log tail) as a scrollable, wrapping monospace box that
 * the keyboard can reach and scroll when it is labelled. One look wherever output is shown.
 */
export function OutputBlock({ label, maxHeight = 160, margin = 0, children }: { label?: string; maxHeight?: number; margin?: CSSProperties['margin']; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <pre
      {...(label ? { tabIndex: 0, 'aria-label': label, className: 'elftia-scroll-region' } : {})}
      style={{
        margin,
        maxHeight,
        overflow: 'auto',
        padding: token.paddingXS,
        background: token.colorFillTertiary,
        borderRadius: token.borderRadiusSM,
        fontSize: token.fontSizeSM,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {children}
    </pre>
  );
}
