import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { render, type RenderResult } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { HostProvider } from '../src/bridge/HostContext';
import { DataProvider } from '../src/data/DataProvider';
import type { HostClient } from '../src/bridge/types';
import { testI18n } from './allLocales';
import type { Language } from '../src/i18n/languages';

/**
 * jsdom lacks matchMedia, which antd's responsive helpers call. A fixed "light, no match"
 * answer is enough: tests that care about the OS theme replace it themselves.
 */
export function installMatchMedia(matches = (_query: string) => false): void {
  window.matchMedia = (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/** jsdom has no ResizeObserver; antd's Tabs and Select observe sizes, which a test never changes. */
export function installResizeObserver(): void {
  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

const ELEMENT_ONLY = Symbol('elementOnlyComputedStyle');

/**
 * jsdom has no getComputedStyle(elt, pseudoElt), which antd's scroll lock asks for on every
 * drawer and modal and answers with a "Not implemented" error in the log; no test reads a
 * pseudo-element's style, so the element's own style is the answer. Patches this file's jsdom
 * window only, once.
 */
export function installElementOnlyComputedStyle(): void {
  const current = window.getComputedStyle as typeof window.getComputedStyle & { [ELEMENT_ONLY]?: true };
  if (current[ELEMENT_ONLY]) return;
  const patched = Object.assign((elt: Element) => current.call(window, elt), { [ELEMENT_ONLY]: true as const });
  window.getComputedStyle = patched;
}

/**
 * One style cache per test worker that never forgets. antd computes each component's CSS variables
 * the first time it renders and drops them when the last instance unmounts, which Testing Library's
 * cleanup does after every test: the next test computed them all again (with the components' CSS,
 * before zeroRuntime, that was a fifth of a component test's CPU). They depend only on the theme,
 * which is fixed here, so keeping them is safe.
 */
const keptStyles = (() => {
  const cache = createCache();
  const update = cache.opUpdate.bind(cache);
  cache.opUpdate = (key, valueFn) =>
    update(key, (prev) => {
      const next = valueFn(prev);
      // null means "no instance left: forget it"; keep the value with no instance counted instead.
      return next === null && prev ? [0, prev[1]] : next;
    });
  return cache;
})();

export function renderWithProviders(ui: ReactNode, host: HostClient, language: Language = 'en'): RenderResult {
  installMatchMedia();
  installResizeObserver();
  installElementOnlyComputedStyle();
  return render(
    <I18nextProvider i18n={testI18n(language)}>
      <HostProvider host={host}>
        {/* mock="server" keeps antd's CSS-in-JS from inserting its stylesheets: jsdom matched every
            rule of them on each getComputedStyle (which Testing Library's role queries call for
            every ancestor), and that was most of a component test's time (ServerList 54 s → 17 s).
            No test here depends on a stylesheet; what looks right is judged in a real browser. */}
        <StyleProvider mock="server" cache={keptStyles}>
          {/* As in the app (appTheme.ts): antd's component styles are prebuilt, never generated
              here (the project took 99–104 busy CPU s against 106–117 generating them). */}
          <ConfigProvider theme={{ token: { motion: false }, zeroRuntime: true }}>
            <DataProvider>{ui}</DataProvider>
          </ConfigProvider>
        </StyleProvider>
      </HostProvider>
    </I18nextProvider>,
  );
}
