import { describe, expect, it } from 'vitest';
import { allLocales, testI18n } from '@renderer-testing/allLocales';
import { createI18n, switchLanguage } from './createI18n';
import { initialLanguage, LANGUAGE_STORAGE_KEY } from './languages';
import { loadLanguage, NAMESPACES, sourceResources } from './resources';

const storage = (value: string | null) => ({ getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? value : null) });

describe('initialLanguage', () => {
  it('prefers the saved choice, then the first supported browser language, then English', () => {
    expect(initialLanguage(storage('ja'), ['zh-CN'])).toBe('ja');
    expect(initialLanguage(storage('klingon'), ['fr-FR', 'zh-TW', 'ja'])).toBe('zh');
    expect(initialLanguage(undefined, ['JA-jp'])).toBe('ja');
    expect(initialLanguage(storage(null), ['fr', 'de'])).toBe('en');
  });
});

describe('resources', () => {
  it('contain every namespace for every language', () => {
    for (const language of ['en', 'zh', 'ja']) {
      expect(Object.keys(allLocales[language] ?? {}).sort()).toEqual([...NAMESPACES].sort());
    }
  });

  it('start with English only; another language loads, every namespace of it, when switched to', async () => {
    expect(Object.keys(sourceResources)).toEqual(['en']);
    expect(await loadLanguage('ja')).toEqual(allLocales.ja);
    const i18n = createI18n('en', sourceResources);
    expect(i18n.hasResourceBundle('zh', 'common')).toBe(false);
    await switchLanguage(i18n, 'zh');
    expect(i18n.language).toBe('zh');
    expect(i18n.t('settings/tools:list.count', { count: 3 })).toBe('3 个服务器');
  });

  it('show the controls and bidi characters of an interpolated value instead of letting them reorder the sentence', () => {
    const en = testI18n('en');
    expect(en.t('settings/tools:activationReview.title', { name: 'files\u202egpj.exe\u001b[2J' })).toBe('Turn on “files\\u202egpj.exe\\u001b[2J”?');
    // Not HTML-escaped: React does that.
    expect(en.t('settings/tools:activationReview.title', { name: 'a "b" <c> & d' })).toBe('Turn on “a "b" <c> & d”?');
  });

  it('translate plurals per language and never show raw {{variables}}', () => {
    const zh = testI18n('zh');
    expect(zh.t('settings/tools:list.count', { count: 3 })).toBe('3 个服务器');
    const en = testI18n('en');
    expect(en.t('settings/tools:list.count', { count: 1 })).toBe('1 server');
    expect(en.t('settings/tools:list.count', { count: 2 })).toBe('2 servers');
    // A value missing from an error's data does not leak "{{name}}" into the UI.
    expect(en.t('errors:DUPLICATE_NAME')).toBe('A server named “…” already exists');
  });
});
