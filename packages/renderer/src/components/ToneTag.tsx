import { Tag, theme, type TagProps } from 'antd';
import { cloneElement, type CSSProperties, type ReactElement } from 'react';

/**
 * A success or warning tag whose text keeps body-text contrast. antd's preset colours draw the
 * text in the tone itself, about 3:1 on the light background (under WCAG AA); here the tone is
 * carried by the background, border and icon, and the words stay readable in light and dark.
 */
export function ToneTag({ tone, icon, style, ...rest }: Omit<TagProps, 'color' | 'icon'> & { tone: 'success' | 'warning'; icon?: ReactElement<{ style?: CSSProperties }> }) {
  const { token } = theme.useToken();
  const toneColor = tone === 'success' ? token.colorSuccess : token.colorWarning;
  return <Tag {...rest} color={tone} style={{ color: token.colorText, ...style }} icon={icon ? cloneElement(icon, { style: { color: toneColor } }) : undefined} />;
}
