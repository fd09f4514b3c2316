import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/** Copies text to the clipboard and says so (or that it could not). */
export function useCopy() {
  const { t } = useTranslation(['playground', 'common']);
  const { message } = App.useApp();
  return async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      void message.success(t('copied', { what }));
    } catch {
      void message.error(t('copyFailed'));
    }
  };
}
