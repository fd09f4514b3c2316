/**
 * Where a lazily loaded part of the window (see lazyComponent) shows: a skeleton while its chunk
 * loads and, if the chunk does not arrive or the part fails as it starts, a message with Try again
 * in its place instead of a window that went blank.
 *
 * A part that is a dialog or a drawer of its own (`overlay`) has no place in the page to wait in:
 * a spinner over the page shows if its code takes a while, and a failure shows in a dialog, not
 * at the end of the page where no one would see it.
 *
 * Focus: Try again removes the button that had it. The region then takes focus (script only,
 * tabIndex -1) so it does not fall to the page's body, and Tab goes on into the part once it shows.
 */
import { Alert, Button, Modal, Skeleton, Spin, Typography } from 'antd';
import { Component, Suspense, createRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@shared/errors';
import { LoadAttempt } from './lazyComponent';

interface Props {
  children: ReactNode;
  /** What shows while the chunk loads; a skeleton unless told. */
  fallback?: ReactNode;
  /** The part opens over the page (a dialog, a drawer): see above. */
  overlay?: boolean;
}

interface State {
  failure?: { error: unknown } | undefined;
  /** How many times Try again was pressed: a lazy part whose load failed loads anew when it moves on. */
  attempt: number;
}

export class LazyBoundary extends Component<Props, State> {
  override state: State = { attempt: 0 };
  private readonly region = createRef<HTMLDivElement>();

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failure: { error } };
  }

  private readonly retry = () => this.setState(({ attempt }) => ({ failure: undefined, attempt: attempt + 1 }), () => this.region.current?.focus());

  override render(): ReactNode {
    const { failure, attempt } = this.state;
    const { overlay, fallback, children } = this.props;
    const failed = failure ? <LoadFailed error={failure.error} onRetry={this.retry} /> : null;
    return (
      <div ref={this.region} tabIndex={attempt > 0 ? -1 : undefined} className="focus-target">
        {failed && overlay ? (
          <Modal open footer={null} closable={false} getContainer={false}>
            {failed}
          </Modal>
        ) : (
          failed
        )}
        {failure ? null : (
          <LoadAttempt.Provider value={attempt}>
            <Suspense fallback={fallback ?? (overlay ? <LoadingOverlay /> : <Loading />)}>{children}</Suspense>
          </LoadAttempt.Provider>
        )}
      </div>
    );
  }
}

function Loading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('lazy.loading')} data-testid="lazy-loading">
      <Skeleton active />
    </div>
  );
}

/** Over the page, and only after 300 ms: most chunks arrive before anyone would notice. */
function LoadingOverlay() {
  const { t } = useTranslation();
  return <Spin fullscreen delay={300} tip={t('lazy.loading')} data-testid="lazy-loading" />;
}

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      data-testid="lazy-failed"
      title={t('lazy.failed')}
      description={
        <>
          {t('lazy.failedHint')}
          <br />
          <Typography.Text type="secondary" className="text-sm">
            {errorMessage(error)}
          </Typography.Text>
        </>
      }
      action={<Button onClick={onRetry}>{t('lazy.retry')}</Button>}
    />
  );
}
