import { Tag, type TagProps } from 'antd';

/**
 * A success or warning tag whose text keeps body-text contrast. antd's preset colours draw the
 * text in the tone itself, about 3:1 on the light background (under WCAG AA); here the tone is
 * carried by the background and border, and the words and icon stay readable in light and dark
 * (a warning-yellow icon on the yellow tint would be under 2:1).
 */
export function ToneTag({ tone, className, ...rest }: Omit<TagProps, 'color'> & { tone: 'success' | 'warning' }) {
  return <Tag {...rest} color={tone} className={className ? `tone-tag ${className}` : 'tone-tag'} />;
}
