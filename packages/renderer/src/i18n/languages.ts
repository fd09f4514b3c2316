import enUS from 'antd/locale/en_US';
import jaJP from 'antd/locale/ja_JP';
import zhCN from 'antd/locale/zh_CN';
import type { ConfigProviderProps } from 'antd';

type Locale = NonNullable<ConfigProviderProps['locale']>;

export const LANGUAGES = ['en', 'zh', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const SOURCE_LANGUAGE: Language = 'en';

/**
 * Each language is named in itself (an endonym), in every UI language, so a person who cannot
 * read the current language can still find theirs. That is why these are not in the locales.
 */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', zh: '中文', ja: '日本語' };

export const ANTD_LOCALES: Record<Language, Locale> = { en: enUS, zh: zhCN, ja: jaJP };

/** BCP 47 tag for `<html lang>` and Intl formatting. */
export const HTML_LANG: Record<Language, string> = { en: 'en', zh: 'zh-CN', ja: 'ja' };

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

export const LANGUAGE_STORAGE_KEY = 'elftia.language';

/** The saved choice, else the first browser language we have (zh-TW → zh, ja-JP → ja), else English. */
export function initialLanguage(storage: Pick<Storage, 'getItem'> | undefined, preferred: readonly string[]): Language {
  const saved = storage?.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(saved)) return saved;
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return SOURCE_LANGUAGE;
}
