/**
 * A tool call the model made waits for the person (issue 15), app-wide: one at a time, oldest
 * first. It shows the server, the tool, its annotations and why it asks, and the arguments, which
 * the person may edit before allowing.
 *
 * Enter allows once (except while typing in the arguments). Esc, the close button and "Decide
 * later" never deny: a careful person who presses Esc wants the dialog out of the way, not the
 * model told "no". The call stays pending, and the turn waits: its chat shows the decision with
 * a way back to it (PutOffApprovalsContext), and a badge in the corner brings back them all.
 * Deny is always a deliberate click.
 */
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyBoundary } from '@renderer/components/lazy/LazyBoundary';
import { lazyComponent } from '@renderer/components/lazy/lazyComponent';
import { usePutOff, WaitingButton } from './ReviewModal';
import { PutOffApprovalsContext } from './putOffApprovals';
import { usePendingQueue } from './usePendingQueue';

/** The dialog loads the first time a call waits for the person. */
const ApprovalModal = lazyComponent(() => import('./ApprovalModal').then((m) => m.ApprovalModal));

const SOURCE = { list: 'chat.approvals', requested: 'chat.approval_request', closed: 'chat.approval_closed' } as const;

/** Wraps the window (`children`) so that a chat can show the approvals put aside in it. */
export function ApprovalDialog({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('serverRequests');
  const { message } = App.useApp();
  const { queue, answered } = usePendingQueue(SOURCE, (request, { outcome }) => {
    if (outcome === 'cancelled') void message.info(t('approvals.dialog.cancelled', { tool: request.toolTitle ?? request.toolName }));
  });
  const { current, putOff, waiting, putOffRequests, bringBack } = usePutOff(queue);
  const putAside = useMemo(() => ({ requests: putOffRequests, review: bringBack }), [putOffRequests, bringBack]);
  return (
    <PutOffApprovalsContext.Provider value={putAside}>
      {children}
      {current ? (
        <LazyBoundary key={current.requestId} overlay>
          <ApprovalModal request={current} queue={queue} onDone={answered} onLater={putOff} />
        </LazyBoundary>
      ) : null}
      <WaitingButton
        testId="approvals-waiting"
        count={waiting}
        icon={<SafetyCertificateOutlined aria-hidden />}
        primary
        label={t('approvals.dialog.waitingBadge', { count: waiting })}
        onClick={() => bringBack()}
      />
    </PutOffApprovalsContext.Provider>
  );
}
