/**
 * A server asks for a model answer (MCP sampling), app-wide, one request at a time. The person
 * sees the request (messages, system prompt, max tokens) and may edit it, picks their provider
 * and model, generates a draft, edits it, and sends it, or declines. Nothing reaches a model
 * before Generate and nothing reaches the server before Send.
 *
 * As with approvals, Esc and the close button put the request aside ("Decide later", a badge
 * brings it back) rather than decline it; it still expires at the server's deadline.
 */
import { RobotOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyBoundary } from '@renderer/components/lazy/LazyBoundary';
import { lazyComponent } from '@renderer/components/lazy/lazyComponent';
import { usePutOff, WaitingButton } from './ReviewModal';
import { usePendingQueue } from './usePendingQueue';

const SOURCE = { list: 'mcp.sampling_requests', requested: 'mcp.sampling_request', closed: 'mcp.sampling_closed' } as const;

/** The review loads the first time a server asks: few people see one. */
const SamplingModal = lazyComponent(() => import('./SamplingModal').then((m) => m.SamplingModal));

export function SamplingDialog() {
  const { t } = useTranslation('serverRequests');
  const { message } = App.useApp();
  const { queue, answered } = usePendingQueue(SOURCE, (request, { outcome }) => {
    if (outcome === 'expired') void message.info(t('approvals.sampling.closed', { server: request.serverName }));
  });
  const { current, putOff, waiting, bringBack } = usePutOff(queue);
  return (
    <>
      {current ? (
        <LazyBoundary key={current.requestId} overlay>
          <SamplingModal request={current} waiting={queue.length - 1} onDone={(id) => answered([id])} onLater={putOff} />
        </LazyBoundary>
      ) : null}
      <WaitingButton
        testId="sampling-waiting"
        count={waiting}
        icon={<RobotOutlined aria-hidden />}
        // Beside the approvals' button, which sits in the corner.
        className="waiting-button-second"
        label={t('approvals.sampling.waitingBadge', { count: waiting })}
        onClick={() => bringBack()}
      />
    </>
  );
}
