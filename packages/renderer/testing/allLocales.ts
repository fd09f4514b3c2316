/** Every language at once, bundled: tests render and switch languages synchronously. */
import type { i18n } from 'i18next';
import { createI18n } from '../src/i18n/createI18n';
import type { Language } from '../src/i18n/languages';
import { buildResources } from '../src/i18n/resources';

export const allLocales = buildResources(import.meta.glob<unknown>('../../../locales/*/**/*.json', { eager: true, import: 'default' }));

export const testI18n = (language: Language): i18n => createI18n(language, allLocales);
