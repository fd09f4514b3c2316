import { describe, expect, it } from 'vitest';
import { createI18n } from './createI18n';
import { initialLanguage, LANGUAGE_STORAGE_KEY } from './languages';
import { NAMESPACES, resources } from './resources';

const storage = (value: string | null) => ({ getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? value : null) });

describe('initialLanguage', () => {
  it('prefers the saved choice, then the first supported browser language, then English', () => {
    expect(initialLanguage(storage('ja'), ['zh-CN'])).toBe('ja');
    expect(initialLanguage(storage('klingon'), ['fr-FR', 'zh-TW', 'ja'])).toBe('zh');
    expect(initialLanguage(undefined, ['JA-jp'])).toBe('ja');
    expect(initialLanguage(storage(null), ['fr', 'de'])).toBe('en');
  });
});

describe('bundled resources', () => {
  it('contain every namespace for every language', () => {
    for (const language of ['en', 'zh', 'ja']) {
      expect(Object.keys(resources[language] ?? {}).sort()).toEqual([...NAMESPACES].sort());
    }
  });

  it('show the controls and bidi characters of an interpolated value instead of letting them reorder the sentence', () => {
    const en = createI18n('en');
    expect(en.t('settings/tools:activationReview.title', { name: 'files\u202egpj.exe\u001b[2J' })).toBe('Turn on “files\\u202egpj.exe\\u001b[2J”?');
    // Not HTML-escaped: React does that.
    expect(en.t('settings/tools:activationReview.title', { name: 'a "b" <c> & d' })).toBe('Turn on “a "b" <c> & d”?');
  });

  it('translate plurals per language and never show raw {{variables}}', () => {
    const zh = createI18n('zh');
    expect(zh.t('settings/tools:list.count', { count: 3 })).toBe('3 个服务器');
    const en = createI18n('en');
    expect(en.t('settings/tools:list.count', { count: 1 })).toBe('1 server');
    expect(en.t('settings/tools:list.count', { count: 2 })).toBe('2 servers');
    // A value missing from an error's data does not leak "{{name}}" into the UI.
    expect(en.t('errors:DUPLICATE_NAME')).toBe('A server named “…” already exists');
  });
});
