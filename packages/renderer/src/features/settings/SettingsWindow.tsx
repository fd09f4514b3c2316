import { Flex, Tabs, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppearanceControls } from '../../components/AppearanceControls';
import type { EffectiveTheme, ThemePreference } from '../../theme/useThemePreference';
import { HostConnectionBanner } from '../notices/HostConnectionBanner';
import { StartupNotices } from '../notices/StartupNotices';
import { ToolsTab } from './components/tabs/tools-tab/ToolsTab';

export function SettingsWindow(props: {
  preference: ThemePreference;
  effective: EffectiveTheme;
  onPreferenceChange: (next: ThemePreference) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <main
      data-testid="settings-window"
      style={{ color: token.colorText, padding: token.paddingLG, maxWidth: 1080, margin: '0 auto' }}
    >
      <Flex vertical gap="middle">
        <Flex justify="space-between" align="center" gap="middle" wrap component="header">
          <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading3 }}>
            {t('settings.title')}
          </Typography.Title>
          <AppearanceControls {...props} />
        </Flex>
        <HostConnectionBanner />
        <StartupNotices />
        <Tabs
          aria-label={t('settings.tabsLabel')}
          defaultActiveKey="tools"
          items={[{ key: 'tools', label: t('settings.tabs.tools'), children: <ToolsTab /> }]}
        />
      </Flex>
    </main>
  );
}
