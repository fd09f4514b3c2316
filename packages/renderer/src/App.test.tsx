import { StyleProvider } from '@ant-design/cssinjs';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../testing/userEvent';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from './App';
import { testI18n } from '../testing/allLocales';
import { LANGUAGE_STORAGE_KEY } from './i18n/languages';
import { FakeHost } from '../testing/FakeHost';
import { installElementOnlyComputedStyle, installMatchMedia, installResizeObserver } from '../testing/renderWithApp';
import { THEME_STORAGE_KEY } from './theme/useThemePreference';

beforeEach(() => {
  localStorage.clear();
  installMatchMedia();
  installResizeObserver();
  installElementOnlyComputedStyle();
});
afterEach(cleanup);

const renderApp = (host = new FakeHost(), language: 'en' | 'zh' | 'ja' = 'en') =>
  // No stylesheets in jsdom: see renderWithProviders.
  render(
    <StyleProvider mock="server">
      <App host={host} i18n={testI18n(language)} />
    </StyleProvider>,
  );

const appRoot = () => screen.getByTestId('app-root');

describe('App shell', () => {
  it('opens Settings on the Servers section, every section one tab from the top', async () => {
    renderApp();
    expect(screen.getByTestId('settings-window')).toBeTruthy();
    const sections = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(sections).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Servers', 'Presets', 'Agents', 'Provider keys', 'Try with a model', 'Activity']);
    expect(screen.getByRole('tab', { name: 'Servers' }).getAttribute('aria-selected')).toBe('true');
    await screen.findByTestId('servers-empty');
    expect(document.documentElement.lang).toBe('en');
  });

  it('moves between the sections by keyboard: arrows along the tabs, Enter opens one', async () => {
    renderApp();
    screen.getByRole('tab', { name: 'Servers' }).focus();
    await userEvent.keyboard('{ArrowRight}{Enter}');
    // The focused tab also announces its place ("Tab 2 of 5"), which joins its accessible name.
    await waitFor(() => expect(screen.getByRole('tab', { name: /Presets$/ }).getAttribute('aria-selected')).toBe('true'));
    expect(await screen.findByTestId('preset-gallery')).toBeTruthy();
  });

  it('follows the OS theme until the toggle pins one, and remembers the choice', async () => {
    installMatchMedia((query) => query === '(prefers-color-scheme: dark)');
    renderApp();
    expect(appRoot().getAttribute('data-theme')).toBe('dark');
    const bodyBefore = document.body.style.backgroundColor;

    await userEvent.click(screen.getByTestId('theme-toggle'));
    expect(appRoot().getAttribute('data-theme')).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(document.body.style.backgroundColor).not.toBe(bodyBefore);
    expect(document.documentElement.style.colorScheme).toBe('light');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Follow system' }));
    expect(appRoot().getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
  });

  it('names the header controls by their visible labels, in every language', async () => {
    for (const [language, dark, lang] of [['en', 'Dark mode', 'Language'], ['zh', '深色模式', '语言'], ['ja', 'ダークモード', '言語']] as const) {
      const { unmount } = renderApp(new FakeHost(), language);
      expect(screen.getByRole('switch', { name: dark })).toBe(screen.getByTestId('theme-toggle'));
      expect(within(screen.getByTestId('language-select')).getByRole('combobox', { name: lang })).toBeTruthy();
      unmount();
    }
  });

  it('reaches the theme toggle by keyboard and flips it with Space', async () => {
    renderApp();
    const toggle = screen.getByTestId('theme-toggle');
    for (let i = 0; i < 10 && document.activeElement !== toggle; i++) await userEvent.tab();
    expect(document.activeElement).toBe(toggle);
    await userEvent.keyboard(' ');
    expect(appRoot().getAttribute('data-theme')).toBe('dark');
  });

  it('switches language from the select: labels, <html lang> and the saved choice', async () => {
    renderApp();
    await userEvent.click(within(screen.getByTestId('language-select')).getByRole('combobox'));
    // The same route the Playwright page object takes: the visible dropdown, then the label.
    const dropdown = await waitFor(() => {
      const element = document.querySelector<HTMLElement>('.ant-select-dropdown');
      if (!element) throw new Error('dropdown not open');
      return element;
    });
    await userEvent.click(within(dropdown).getByText('日本語', { exact: true }));

    await waitFor(() => expect(screen.getByRole('tab', { name: 'サーバー' })).toBeTruthy());
    expect(document.documentElement.lang).toBe('ja');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ja');
    expect(screen.getByText('MCP サーバーはまだありません')).toBeTruthy();
  });

  it('shows startup notices with their data, and notices raised later', async () => {
    const host = new FakeHost();
    host.notices = [
      { code: 'CONFIG_RECOVERED', message: 'log text', data: { path: '/c/mcp-config.json', movedTo: '/c/mcp-config.json.corrupt-1' } },
    ];
    renderApp(host, 'zh');
    const [notice] = await screen.findAllByTestId('notice');
    expect(notice?.textContent).toContain('无法读取 MCP 配置');
    expect(notice?.textContent).toContain('/c/mcp-config.json.corrupt-1');

    act(() => host.emit({ event: 'app.notice', payload: { code: 'CONFIG_RECOVERED', message: 'again', data: { movedTo: '/d/x' } } }));
    expect(screen.getAllByTestId('notice')).toHaveLength(2);
    // The startup notice arriving once more as an event (raised while the page loaded) is not shown twice.
    act(() => host.emit({ event: 'app.notice', payload: host.notices[0]! }));
    expect(screen.getAllByTestId('notice')).toHaveLength(2);

    await userEvent.click(within(screen.getAllByTestId('notice')[0]!).getByRole('button', { name: '关闭通知' }));
    await waitFor(() => expect(screen.getAllByTestId('notice')).toHaveLength(1));
    expect(screen.getByTestId('notice').textContent).toContain('/d/x');
  });

  it('a dismissed notice stays dismissed after a reload; another one, or the same raised anew, shows', async () => {
    const host = new FakeHost();
    const plaintext = { code: 'SECRETS_PLAINTEXT_FILE', message: 'kept in /c/secrets.json', data: { path: '/c/secrets.json' } } as const;
    host.notices = [plaintext];
    const first = renderApp(host);
    const notice = await screen.findByTestId('notice');
    expect(notice.textContent).toContain('API keys are stored without encryption');
    await userEvent.click(within(notice).getByRole('button', { name: 'Dismiss notice' }));
    await waitFor(() => expect(screen.queryByTestId('notice')).toBeNull());
    first.unmount();

    // A reload: the host still lists it, and a notice about another file.
    host.notices = [plaintext, { ...plaintext, message: 'kept in /d/secrets.json', data: { path: '/d/secrets.json' } }];
    renderApp(host);
    await waitFor(() => expect(host.calls.filter((route) => route === 'app.notices')).toHaveLength(2));
    const shown = await screen.findAllByTestId('notice');
    expect(shown.map((element) => element.textContent?.includes('/d/secrets.json'))).toEqual([true]);
    // Raised again while the page is open (the file was created anew): news, so it shows.
    act(() => host.emit({ event: 'app.notice', payload: plaintext }));
    expect(screen.getAllByTestId('notice')).toHaveLength(2);
  });

  it('says so when the notices cannot be loaded', async () => {
    const host = new FakeHost();
    host.failures.set('app.notices', [{ code: 'UNAUTHORIZED', message: 'missing token' }]);
    renderApp(host);
    const alert = await screen.findByText('Could not load startup notices');
    expect(alert.closest('[role="alert"]')?.textContent).toContain('Not authorized.');
  });
});
