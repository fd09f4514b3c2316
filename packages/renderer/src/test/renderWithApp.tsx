import { render, type RenderResult } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { HostProvider } from '../bridge/HostContext';
import { DataProvider } from '../data/DataProvider';
import type { HostClient } from '../bridge/types';
import { createI18n } from '../i18n/createI18n';
import type { Language } from '../i18n/languages';

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

export function renderWithProviders(ui: ReactNode, host: HostClient, language: Language = 'en'): RenderResult {
  installMatchMedia();
  installResizeObserver();
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <HostProvider host={host}>
        <ConfigProvider theme={{ token: { motion: false } }}>
          <DataProvider>{ui}</DataProvider>
        </ConfigProvider>
      </HostProvider>
    </I18nextProvider>,
  );
}
