/**
 * A server's question to the person (MCP elicitation), app-wide: it opens over whatever screen
 * is showing, one question at a time, oldest first. The answer goes back through
 * `mcp.elicitation_respond`; closing the dialog any other way (Esc, the close button) is the
 * spec's "cancel", never a silent decline.
 */
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyBoundary } from '@renderer/components/lazy/LazyBoundary';
import { lazyComponent } from '@renderer/components/lazy/lazyComponent';
import { useElicitationQueue } from './useElicitationQueue';

/** The dialog loads the first time a server asks a question. */
const QuestionModal = lazyComponent(() => import('./QuestionModal').then((m) => m.QuestionModal));

export function ElicitationDialog() {
  const { t } = useTranslation('serverRequests');
  const { message } = App.useApp();
  const { queue, answered } = useElicitationQueue((request, reason) => {
    if (reason === 'answered') return;
    void message.info(t(reason === 'timeout' ? 'dialog.timeout' : 'dialog.withdrawn', { server: request.serverName }));
  });
  const current = queue[0];
  return current ? (
    <LazyBoundary key={current.requestId} overlay>
      <QuestionModal request={current} waiting={queue.length - 1} onDone={answered} />
    </LazyBoundary>
  ) : null;
}
