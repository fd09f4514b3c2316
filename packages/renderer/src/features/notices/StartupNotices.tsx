import { Alert, Flex } from 'antd';
import type { AppNotice } from '@shared/contracts/ipc';
import type { AppErrorShape } from '@shared/errors';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHost } from '../../bridge/HostContext';
import { ErrorAlert } from '../../components/ErrorAlert';

/** Scalar notice data for interpolation (paths, reasons); nested values are not sentence material. */
function noticeValues(notice: AppNotice): Record<string, string | number | boolean> {
  const values: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(notice.data ?? {})) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') values[key] = value;
  }
  return values;
}

/**
 * What the host wants the person to know about startup (`app.notices`), plus any notice it
 * raises later (`app.notice`). They stay until dismissed: recovering a corrupt config moved a
 * file the person may want back, so the message must not time out unread.
 */
export function StartupNotices() {
  const host = useHost();
  const { t } = useTranslation();
  const [notices, setNotices] = useState<AppNotice[]>([]);
  const [loadError, setLoadError] = useState<AppErrorShape | undefined>();

  useEffect(() => {
    let live = true;
    void host.request('app.notices').then((result) => {
      if (!live) return;
      if (result.ok) setNotices((prev) => [...result.data, ...prev]);
      else setLoadError(result.error);
    });
    const off = host.on('app.notice', (notice) => setNotices((prev) => [...prev, notice]));
    return () => {
      live = false;
      off();
    };
  }, [host]);

  if (notices.length === 0 && !loadError) return null;
  const dismiss = (index: number) => setNotices((prev) => prev.filter((_, i) => i !== index));

  return (
    <Flex vertical gap="small" role="region" aria-label={t('notices.regionLabel')}>
      {loadError ? <ErrorAlert error={loadError} title={t('notices.loadFailed')} /> : null}
      {notices.map((notice, index) => (
        <Alert
          // Notices have no id; position is stable because the list only shrinks by dismissal.
          key={`${notice.code}-${index}`}
          data-testid="notice"
          type="warning"
          showIcon
          closable={{ onClose: () => dismiss(index), 'aria-label': t('notices.dismiss') }}
          title={t(`notices.${notice.code}.title`)}
          description={t(`notices.${notice.code}.description`, noticeValues(notice))}
        />
      ))}
    </Flex>
  );
}
