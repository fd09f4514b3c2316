import type { CSSProperties } from 'react';
import type { GlobalToken } from 'antd';

/** Read by screen readers, invisible on screen. */
export const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** A scrollable monospace box for JSON and plain text, in the theme's colours (light and dark). */
export const codeBox = (token: GlobalToken, maxHeight = 320): CSSProperties => ({
  margin: 0,
  maxHeight,
  overflow: 'auto',
  padding: `${token.paddingXS}px ${token.paddingSM}px`,
  fontFamily: token.fontFamilyCode,
  fontSize: token.fontSizeSM,
  lineHeight: token.lineHeightSM,
  color: token.colorText,
  background: token.colorFillQuaternary,
  border: `1px solid ${token.colorBorderSecondary}`,
  borderRadius: token.borderRadiusSM,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
});
