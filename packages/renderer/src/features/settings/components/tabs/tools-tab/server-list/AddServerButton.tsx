import { AppstoreAddOutlined, DownOutlined, EditOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useToolsTabNav } from '../ToolsTabNav';

/** "Add server" in the card header: the form at once, or a preset or an import from its menu. */
export function AddServerButton() {
  const { t } = useTranslation(['settings/tools', 'common']);
  const nav = useToolsTabNav();
  return (
    <Space.Compact size="small">
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => nav.openForm({ mode: 'add' })} data-testid="add-server">
        {t('list.add.button')}
      </Button>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            { key: 'manual', icon: <EditOutlined aria-hidden />, label: t('list.add.manual'), onClick: () => nav.openForm({ mode: 'add' }) },
            { key: 'preset', icon: <AppstoreAddOutlined aria-hidden />, label: t('list.add.preset'), onClick: () => nav.showSection('presets') },
            { key: 'import', icon: <ImportOutlined aria-hidden />, label: t('list.add.import'), onClick: () => nav.openImport() },
          ],
        }}
      >
        <Button type="primary" icon={<DownOutlined aria-hidden />} aria-label={t('list.add.more')} data-testid="add-server-more" />
      </Dropdown>
    </Space.Compact>
  );
}
