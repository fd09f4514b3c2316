import { Flex, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * The frame every content block shares: what it is (and its media type) on the left, its
 * actions on the right, the content below. A labelled group, so a screen reader hears
 * "Image, group" before the picture.
 */
export function BlockFrame({
  icon,
  title,
  meta,
  actions,
  children,
  testId,
}: {
  icon: ReactNode;
  title: string;
  meta?: string | undefined;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      role="group"
      aria-label={meta ? `${title} (${meta})` : title}
      data-testid={testId}
      className="block-frame"
    >
      <Flex
        align="center"
        justify="space-between"
        gap={8}
        wrap
        className="block-frame-head"
      >
        <Space size={6} className="min-w-0">
          <span aria-hidden className="text-secondary">
            {icon}
          </span>
          <Typography.Text strong>{title}</Typography.Text>
          {meta ? (
            // Plain CSS ellipsis: antd's measured one re-measures on every change of the text.
            <Typography.Text
              type="secondary"
              title={meta}
              className="block-frame-meta ellipsis"
            >
              {meta}
            </Typography.Text>
          ) : null}
        </Space>
        {actions ? <Space size={4} wrap>{actions}</Space> : null}
      </Flex>
      <div className="block-frame-body">{children}</div>
    </div>
  );
}
