import { StyleProvider } from '@ant-design/cssinjs';
import { App as AntdApp, ConfigProvider, theme } from 'antd';
import type { i18n as I18n } from 'i18next';
import { useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { HostProvider } from './bridge/HostContext';
import { DataProvider } from './data/DataProvider';
import type { HostClient } from './bridge/types';
import { SettingsWindow } from './features/settings/SettingsWindow';
import { ApprovalDialog } from './features/server-requests/ApprovalDialog';
import { ElicitationDialog } from './features/server-requests/ElicitationDialog';
import { SamplingDialog } from './features/server-requests/SamplingDialog';
import { ANTD_LOCALES, HTML_LANG, SOURCE_LANGUAGE, isLanguage } from './i18n/languages';
import { appTheme } from './theme/appTheme';
import { REDUCED_MOTION_QUERY, useMediaQuery } from './theme/mediaQuery';
import { useThemePreference, type EffectiveTheme } from './theme/useThemePreference';

const WAVE = { disabled: false };
const NO_WAVE = { disabled: true };

export function App({ host, i18n }: { host: HostClient; i18n: I18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <HostProvider host={host}>
        <DataProvider>
          <Shell />
        </DataProvider>
      </HostProvider>
    </I18nextProvider>
  );
}

function Shell() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : SOURCE_LANGUAGE;
  const { preference, effective, setPreference } = useThemePreference();
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);

  useEffect(() => {
    document.documentElement.lang = HTML_LANG[language];
    document.title = t('app.title');
  }, [language, t]);

  return (
    // antd's own rules go in the `antd` cascade layer, so the app's classes in styles.css (not
    // layered) win over them whatever antd's selector specificity, as the inline styles they
    // replaced did.
    <StyleProvider layer>
      <ConfigProvider
        locale={ANTD_LOCALES[language]}
        theme={appTheme(effective, { reducedMotion })}
        // The ripple a click leaves on a button is motion too.
        wave={reducedMotion ? NO_WAVE : WAVE}
        // antd spaces out a two-character Chinese label ("试 用") but not one beside an icon, so
        // neighbouring buttons read differently; labels are written as they should read.
        button={{ autoInsertSpace: false }}
      >
        <AntdApp>
          <PageChrome effective={effective} />
          {/* Over any screen: a server may ask while the person is anywhere in the app. The
              approvals wrap the window, whose chat shows the ones put aside. */}
          <ApprovalDialog>
            <div data-testid="app-root" data-theme={effective}>
              <SettingsWindow preference={preference} effective={effective} onPreferenceChange={setPreference} />
            </div>
          </ApprovalDialog>
          <ElicitationDialog />
          <SamplingDialog />
        </AntdApp>
      </ConfigProvider>
    </StyleProvider>
  );
}

/**
 * The page outside React's tree (body background, native scrollbars and form controls) must
 * match the theme too, or a dark window shows a white margin and white scrollbars.
 */
function PageChrome({ effective }: { effective: EffectiveTheme }) {
  const { token } = theme.useToken();
  useEffect(() => {
    const root = document.documentElement;
    root.style.colorScheme = effective;
    document.body.style.backgroundColor = token.colorBgLayout;
    document.body.style.color = token.colorText;
  }, [effective, token.colorBgLayout, token.colorText]);
  return null;
}
