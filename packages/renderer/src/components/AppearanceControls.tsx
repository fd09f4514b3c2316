import { App, Checkbox, Flex, Select, Switch, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../i18n/createI18n';
import { LANGUAGE_NAMES, LANGUAGE_STORAGE_KEY, LANGUAGES, SOURCE_LANGUAGE, isLanguage, type Language } from '../i18n/languages';
import type { EffectiveTheme, ThemePreference } from '../theme/useThemePreference';

const LANGUAGE_OPTIONS = LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }));

export function AppearanceControls({
  preference,
  effective,
  onPreferenceChange,
}: {
  preference: ThemePreference;
  effective: EffectiveTheme;
  onPreferenceChange: (next: ThemePreference) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const darkLabelId = useId();
  const languageLabelId = useId();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : SOURCE_LANGUAGE;

  const chooseLanguage = (next: Language) => {
    switchLanguage(i18n, next).catch(() => void message.error(t('lazy.languageFailed', { language: LANGUAGE_NAMES[next] })));
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    } catch {
      // Not persisted; the choice still applies to this session.
    }
  };

  return (
    <Flex gap="middle" align="center" wrap>
      <Flex gap="small" align="center">
        <Typography.Text id={darkLabelId}>{t('appearance.darkMode')}</Typography.Text>
        {/* Flipping the switch pins the opposite of what is shown now, whatever the OS says. */}
        <Switch
          data-testid="theme-toggle"
          aria-labelledby={darkLabelId}
          checked={effective === 'dark'}
          onChange={(dark) => onPreferenceChange(dark ? 'dark' : 'light')}
        />
      </Flex>
      <Checkbox
        checked={preference === 'system'}
        // Unticking keeps the current look but stops following the OS.
        onChange={(event) => onPreferenceChange(event.target.checked ? 'system' : effective)}
      >
        {t('appearance.followSystem')}
      </Checkbox>
      <Flex gap="small" align="center">
        <Typography.Text id={languageLabelId}>{t('appearance.language')}</Typography.Text>
        <Select
          data-testid="language-select"
          aria-labelledby={languageLabelId}
          value={language}
          options={LANGUAGE_OPTIONS}
          onChange={chooseLanguage}
          className="language-select"
        />
      </Flex>
    </Flex>
  );
}
