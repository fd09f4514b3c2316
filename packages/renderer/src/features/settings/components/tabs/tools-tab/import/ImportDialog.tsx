import { Modal, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyBoundary } from '@renderer/components/lazy/LazyBoundary';
import { lazyComponent } from '@renderer/components/lazy/lazyComponent';
import { useToolsTabNav } from '../ToolsTabNav';
import { useImportRequest } from './importRequest';

// The dialog opens at once; its panes (the preview table, the file drop) load the first time it does.
const ImportPane = lazyComponent(() => import('./ImportPane').then((m) => m.ImportPane));
const ExportPane = lazyComponent(() => import('./ExportPane').then((m) => m.ExportPane));

/** Import (paste, drop or another app's config, with a preview) and export, opened by nav.openImport. */
export function ImportDialog() {
  const { t } = useTranslation(['settings/tools', 'common']);
  const nav = useToolsTabNav();
  // The offer asks to open on one file; the request stands until the dialog closes.
  const [source, clearSource] = useImportRequest();
  const [tab, setTab] = useState<'import' | 'export'>('import');

  const close = () => {
    nav.closeImport();
    clearSource();
    setTab('import');
  };

  return (
    <Modal
      open={nav.importOpen}
      onCancel={close}
      title={t('import.title')}
      footer={null}
      width={920}
      className="import-modal"
      destroyOnHidden
      classNames={{ body: 'import-modal-body' }}
    >
      <Tabs
        activeKey={source ? 'import' : tab}
        onChange={(key) => setTab(key as 'import' | 'export')}
        items={[
          {
            key: 'import',
            label: t('import.tabImport'),
            children: (
              <LazyBoundary>
                <ImportPane key={source ?? 'paste'} initialSource={source} onDone={close} />
              </LazyBoundary>
            ),
          },
          {
            key: 'export',
            label: t('import.tabExport'),
            children: (
              <LazyBoundary>
                <ExportPane />
              </LazyBoundary>
            ),
          },
        ]}
      />
    </Modal>
  );
}
