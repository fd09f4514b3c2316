import { LoadingOutlined } from '@ant-design/icons';
import type { MouseEvent, ReactNode } from 'react';

/**
 * A row's icon action (Test, Reconnect, Edit, More, Delete): a plain button styled as antd's small
 * text button (styles.css .row-action). An antd Button brings its wave, size and compact contexts
 * and style hook; a search keystroke that brings rows on screen mounted five per row, most of the
 * cost of the key that changes which rows show (bench/serverSearch.bench.ts).
 * Other props (the list tooltip's handlers, aria-haspopup) reach the button.
 */
export function RowAction({
  icon,
  label,
  loading = false,
  disabled = false,
  danger = false,
  onClick,
  ...rest
}: {
  icon: ReactNode;
  label: string;
  loading?: boolean;
  disabled?: boolean;
  danger?: boolean;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
} & Record<`aria-${string}` | `on${string}`, unknown>) {
  return (
    <button
      type="button"
      {...rest}
      className={danger ? 'row-action row-action-danger' : 'row-action'}
      aria-label={label}
      aria-busy={loading || undefined}
      // Pending, it ignores clicks as antd's loading button does, but keeps its place in the tab order.
      onClick={(event) => (loading ? undefined : onClick(event))}
      disabled={disabled}
    >
      {loading ? <LoadingOutlined aria-hidden /> : icon}
    </button>
  );
}
