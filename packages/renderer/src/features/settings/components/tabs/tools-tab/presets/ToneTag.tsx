import { Tag, type TagProps } from 'antd';
import { cloneElement, type ReactElement } from 'react';

/**
 * A success or warning tag whose text keeps body-text contrast. antd's preset colours draw the
 * text in the tone itself, about 3:1 on the light background (under WCAG AA); here the tone is
 * carried by the background, border and icon, and the words stay readable in light and dark.
 */
export function ToneTag({ tone, icon, className, ...rest }: Omit<TagProps, 'color' | 'icon'> & { tone: 'success' | 'warning'; icon?: ReactElement<{ className?: string }> }) {
  return (
    <Tag
      {...rest}
      color={tone}
      className={className ? `tone-tag ${className}` : 'tone-tag'}
      icon={icon ? cloneElement(icon, { className: `text-${tone}` }) : undefined}
    />
  );
}
