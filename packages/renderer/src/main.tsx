import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createHost } from './bridge';
import { createI18n } from './i18n/createI18n';
import { initialLanguage } from './i18n/languages';
import './styles.css';

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // blocked storage (privacy settings): fall back to the browser's languages
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const host = createHost(window);
const i18n = createI18n(initialLanguage(safeLocalStorage(), navigator.languages));

createRoot(container).render(
  <StrictMode>
    <App host={host} i18n={i18n} />
  </StrictMode>,
);
