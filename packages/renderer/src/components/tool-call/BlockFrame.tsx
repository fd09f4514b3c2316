import { Flex, Space, Typography, theme } from 'antd';
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
  const { token } = theme.useToken();
  return (
    <div
      role="group"
      aria-label={meta ? `${title} (${meta})` : title}
      data-testid={testId}
      style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, overflow: 'hidden' }}
    >
      <Flex
        align="center"
        justify="space-between"
        gap={8}
        wrap
        style={{ padding: `${token.paddingXXS}px ${token.paddingSM}px`, background: token.colorFillQuaternary, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        <Space size={6} style={{ minWidth: 0 }}>
          <span aria-hidden style={{ color: token.colorTextSecondary }}>
            {icon}
          </span>
          <Typography.Text strong>{title}</Typography.Text>
          {meta ? (
            // Plain CSS ellipsis: antd's measured one re-measures on every change of the text.
            <Typography.Text
              type="secondary"
              title={meta}
              style={{ display: 'inline-block', maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom' }}
            >
              {meta}
            </Typography.Text>
          ) : null}
        </Space>
        {actions ? <Space size={4} wrap>{actions}</Space> : null}
      </Flex>
      <div style={{ padding: token.paddingSM }}>{children}</div>
    </div>
  );
}
