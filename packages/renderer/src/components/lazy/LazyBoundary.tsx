/**
 * Where a lazily loaded part of the window (see lazyComponent) shows: a skeleton while its chunk
 * loads and, if the chunk does not arrive or the part fails as it starts, a message with Try again
 * in its place instead of a window that went blank.
 *
 * Focus: Try again removes the button that had it. The region then takes focus (script only,
 * tabIndex -1) so it does not fall to the page's body, and Tab goes on into the part once it shows.
 */
import { Alert, Button, Skeleton, Typography } from 'antd';
import { Component, Suspense, createRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@shared/errors';
import { LoadAttempt } from './lazyComponent';

interface Props {
  children: ReactNode;
  /** What shows while the chunk loads; a skeleton unless told. */
  fallback?: ReactNode;
}

interface State {
  failure?: { error: unknown };
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
    return (
      <div ref={this.region} tabIndex={attempt > 0 ? -1 : undefined} style={{ outline: 'none' }}>
        {failure ? (
          <LoadFailed error={failure.error} onRetry={this.retry} />
        ) : (
          <LoadAttempt.Provider value={attempt}>
            <Suspense fallback={this.props.fallback ?? <Loading />}>{this.props.children}</Suspense>
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
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {errorMessage(error)}
          </Typography.Text>
        </>
      }
      action={<Button onClick={onRetry}>{t('lazy.retry')}</Button>}
    />
  );
}
