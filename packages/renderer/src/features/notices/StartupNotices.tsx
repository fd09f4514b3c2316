import { Alert, Flex } from 'antd';
import type { AppNotice } from '@shared/contracts/ipc';
import type { AppErrorShape } from '@shared/errors';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHost } from '../../bridge/HostContext';
import { ErrorAlert } from '../../components/ErrorAlert';
import { rememberDismissed, wasDismissed } from './dismissedNotices';

/** Scalar notice data for interpolation (paths, reasons); nested values are not sentence material. */
function noticeValues(notice: AppNotice): Record<string, string | number | boolean> {
  const values: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(notice.data ?? {})) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') values[key] = value;
  }
  return values;
}

/**
 * Notices carry no id of their own. A stable key matters: antd's Alert remembers that it was
 * closed, so reusing a dismissed notice's key for its neighbour would hide the neighbour too.
 */
interface ShownNotice {
  id: number;
  notice: AppNotice;
}

/**
 * What the host wants the person to know about startup (`app.notices`), plus any notice it
 * raises later (`app.notice`). They stay until dismissed: recovering a corrupt config moved a
 * file the person may want back, so the message must not time out unread. A dismissed notice the
 * host still lists stays dismissed after a reload; one raised anew while the page is open shows.
 */
const sameNotice = (a: AppNotice, b: AppNotice) => a.code === b.code && a.message === b.message;

export function StartupNotices() {
  const host = useHost();
  const { t } = useTranslation();
  const [notices, setNotices] = useState<ShownNotice[]>([]);
  const [loadError, setLoadError] = useState<AppErrorShape | undefined>();
  const nextId = useRef(0);

  useEffect(() => {
    let live = true;
    const shown = (notice: AppNotice): ShownNotice => ({ id: nextId.current++, notice });
    // A notice raised while the page loads can arrive both in the list and as an event.
    const fresh = (prev: ShownNotice[], notice: AppNotice) => !prev.some((s) => sameNotice(s.notice, notice));
    void host.request('app.notices').then((result) => {
      if (!live) return;
      if (result.ok) setNotices((prev) => [...result.data.filter((n) => fresh(prev, n) && !wasDismissed(n)).map(shown), ...prev]);
      else setLoadError(result.error);
    });
    const off = host.on('app.notice', (notice) => setNotices((prev) => (fresh(prev, notice) ? [...prev, shown(notice)] : prev)));
    return () => {
      live = false;
      off();
    };
  }, [host]);

  if (notices.length === 0 && !loadError) return null;
  const dismiss = ({ id, notice }: ShownNotice) => {
    rememberDismissed(notice);
    setNotices((prev) => prev.filter((shown) => shown.id !== id));
  };

  return (
    <Flex vertical gap="small" role="region" aria-label={t('notices.regionLabel')}>
      {loadError ? <ErrorAlert error={loadError} title={t('notices.loadFailed')} /> : null}
      {notices.map((item) => (
        <Alert
          key={item.id}
          data-testid="notice"
          type="warning"
          showIcon
          closable={{ onClose: () => dismiss(item), 'aria-label': t('notices.dismiss') }}
          title={t(`notices.${item.notice.code}.title`)}
          description={t(`notices.${item.notice.code}.description`, noticeValues(item.notice))}
        />
      ))}
    </Flex>
  );
}
