import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { terminalSafe } from '@shared/text/visibleControls';
import { LANGUAGES, SOURCE_LANGUAGE, type Language } from './languages';
import { loadLanguage, NAMESPACES } from './resources';

/**
 * One i18next instance per app (and per test), never the global singleton, so tests stay isolated.
 * `resources`: the languages at hand (the app starts with English, `sourceResources`; tests have all).
 */
export function createI18n(language: Language, resources: Resource): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: SOURCE_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    // The resources are at hand, so init can finish synchronously and the first render has text.
    initAsync: false,
    // React escapes markup, so values are not HTML-escaped here (that would show "&quot;"). What
    // React cannot stop is a value's controls and bidi characters: a U+202E in a server's name
    // reverses the whole sentence it is put in. Every interpolated value shows them as escapes.
    interpolation: { escapeValue: true, escape: terminalSafe },
    // A value missing from an error's data shows as "…" rather than a raw "{{name}}".
    missingInterpolationHandler: () => '…',
    returnNull: false,
  });
  return instance;
}

/**
 * Switches to `language`, first loading its text when this instance does not have it yet (see
 * resources.ts); meanwhile the window stays in the language it shows. Rejects if the text cannot be
 * loaded, leaving the language as it was.
 */
export async function switchLanguage(instance: i18n, language: Language): Promise<void> {
  if (!instance.hasResourceBundle(language, 'common')) {
    for (const [namespace, bundle] of Object.entries(await loadLanguage(language))) instance.addResourceBundle(language, namespace, bundle);
  }
  await instance.changeLanguage(language);
}
