/**
 * What a tool-call approval and a sampling review share: one request at a time, which the person
 * can put off ("Later") and bring back from a floating button that counts the ones put off, in
 * a dialog whose footer has "Later" on one side and the decisions on the other.
 */
import { Button, Flex, FloatButton, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useCallback, useMemo, useState } from 'react';

/** The first request not put off, the ones put off, and how many of those wait while none is shown. */
export function usePutOff<T extends { requestId: string }>(queue: readonly T[]) {
  const [later, setLater] = useState<ReadonlySet<string>>(new Set());
  const current = queue.find((r) => !later.has(r.requestId));
  const putOffRequests = useMemo(() => queue.filter((r) => later.has(r.requestId)), [queue, later]);
  /** All of them back, or the one the person asked for (from where it shows, e.g. its chat). */
  const bringBack = useCallback(
    (requestId?: string) =>
      setLater((prev) => {
        if (requestId === undefined) return new Set();
        const next = new Set(prev);
        next.delete(requestId);
        return next;
      }),
    [],
  );
  return {
    current,
    putOff: current ? () => setLater((prev) => new Set(prev).add(current.requestId)) : () => {},
    putOffRequests,
    // The button shows only while no dialog does: the dialog already says what else waits.
    waiting: current ? 0 : putOffRequests.length,
    bringBack,
  };
}

export function WaitingButton({
  testId,
  count,
  icon,
  label,
  primary,
  className,
  onClick,
}: {
  testId: string;
  count: number;
  icon: ReactNode;
  label: string;
  primary?: boolean;
  className?: string | undefined;
  onClick: () => void;
}) {
  if (count === 0) return null;
  return (
    <FloatButton
      data-testid={testId}
      icon={icon}
      {...(primary ? { type: 'primary' as const } : {})}
      badge={{ count }}
      {...(className !== undefined && { className })}
      tooltip={label}
      aria-label={label}
      onClick={onClick}
    />
  );
}

export function ReviewModal({
  testId,
  title,
  width,
  laterLabel,
  busy,
  onLater,
  decisions,
  children,
}: {
  /** `X-dialog` on the dialog, `X-later` on its Later button. */
  testId: string;
  title: ReactNode;
  width: number;
  laterLabel: string;
  busy: boolean;
  onLater: () => void;
  /** The buttons that answer, least committal first. */
  decisions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      data-testid={`${testId}-dialog`}
      title={title}
      // Esc and the close button put it off too: only a decision answers the request.
      onCancel={onLater}
      closable={{ 'aria-label': laterLabel }}
      mask={{ closable: false }}
      width={width}
      centered
      classNames={{ body: 'review-modal-body' }}
      footer={
        <Flex gap="small" justify="space-between" wrap>
          <Button data-testid={`${testId}-later`} disabled={busy} onClick={onLater}>
            {laterLabel}
          </Button>
          <Flex gap="small" wrap justify="flex-end">
            {decisions}
          </Flex>
        </Flex>
      }
    >
      {children}
    </Modal>
  );
}
