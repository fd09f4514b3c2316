import { Flex, Typography } from 'antd';
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
  return (
    <main
      data-testid="settings-window"
      className="settings-window"
    >
      <Flex vertical gap="middle">
        <Flex justify="space-between" align="center" gap="middle" wrap component="header">
          <Typography.Title level={1} className="settings-title">
            {t('settings.title')}
          </Typography.Title>
          <AppearanceControls {...props} />
        </Flex>
        <HostConnectionBanner />
        <StartupNotices />
        <ToolsTab />
      </Flex>
    </main>
  );
}
