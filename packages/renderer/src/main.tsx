import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createHost } from './bridge';
import { prefetchLazyParts } from './components/lazy/lazyComponent';
import { createI18n, switchLanguage } from './i18n/createI18n';
import { initialLanguage, SOURCE_LANGUAGE } from './i18n/languages';
import { sourceResources } from './i18n/resources';
import './styles.css';

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // blocked storage (privacy settings): fall back to the browser's languages
  }
}

/** How long the first screen has the network and the main thread to itself. */
const PREFETCH_AFTER_MS = 2_000;

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const host = createHost(window);
const i18n = createI18n(SOURCE_LANGUAGE, sourceResources);

// The person's language before the first render, so no English flashes by; if its chunk does not
// arrive, the window opens in English, the fallback every language has, rather than not at all.
void switchLanguage(i18n, initialLanguage(safeLocalStorage(), navigator.languages))
  .catch((error: unknown) => console.error(error))
  .then(() => {
    createRoot(container).render(
      <StrictMode>
        <App host={host} i18n={i18n} />
      </StrictMode>,
    );
    // The rest of the window's code, once the first screen has had its turn (see prefetchLazyParts).
    // data-lazy-parts="loaded" tells a journey that stops the host that the window no longer needs it.
    const prefetch = () => void prefetchLazyParts().then(() => (document.documentElement.dataset.lazyParts = 'loaded'));
    setTimeout(() => requestIdleCallback(prefetch, { timeout: 5_000 }), PREFETCH_AFTER_MS);
  });
