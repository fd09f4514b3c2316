/** Page object for the Settings window; selectors are the renderer's data-testids. */
import type { Locator, Page } from '@playwright/test';

/** The top-level places of the window, by the names their tabs carry in English. */
export type SettingsSection = 'Servers' | 'Presets' | 'Agents' | 'Provider keys' | 'Try with a model' | 'Activity';

/** A top-level place's tab, inside the "Settings sections" navigation: the one selector every spec navigates by. */
export const settingsSection = (page: Page, name: SettingsSection): Locator =>
  page.getByRole('navigation', { name: 'Settings sections' }).getByRole('tab', { name, exact: true });

export class SettingsPage {
  readonly root: Locator;
  readonly appRoot: Locator;
  readonly serverList: Locator;
  readonly emptyState: Locator;
  readonly themeToggle: Locator;
  readonly languageSelect: Locator;
  readonly eventEntries: Locator;
  readonly notices: Locator;
  /** The banner saying the browser-mode host cannot be reached (data-connection: down | rejected). */
  readonly hostBanner: Locator;
  /** The activation review a server from an install link needs before it first runs. */
  readonly activationReview: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('settings-window');
    this.appRoot = page.getByTestId('app-root');
    this.serverList = page.getByTestId('server-list');
    this.emptyState = page.getByTestId('servers-empty');
    this.themeToggle = page.getByTestId('theme-toggle');
    this.languageSelect = page.getByTestId('language-select');
    this.eventEntries = page.getByTestId('event-entry');
    this.notices = page.getByTestId('notice');
    this.hostBanner = page.getByTestId('host-connection');
    this.activationReview = page.getByRole('dialog').filter({ has: page.getByTestId('activation-review-body') });
  }

  tab(label: string): Locator {
    return this.page.getByRole('tab', { name: label });
  }

  serverRow(name: string): Locator {
    return this.page.locator(`[data-testid="server-row"][data-server-name="${name}"]`);
  }

  /** The live state badge of a row (data-state: connected | error | unknown …). */
  stateOf(name: string): Locator {
    return this.serverRow(name).getByTestId('server-state');
  }

  /** The row's on/off switch. */
  activeSwitch(name: string): Locator {
    return this.serverRow(name).getByRole('switch');
  }

  /** Why a server in error is not connected, as the list explains it. */
  failureOf(name: string): Locator {
    return this.serverRow(name).getByTestId('failure-explanation');
  }

  /** A row's own Reconnect (disconnects, then connects again). */
  reconnectButton(name: string): Locator {
    return this.serverRow(name).getByRole('button', { name: 'Reconnect', exact: true });
  }

  async chooseLanguage(label: 'English' | '中文' | '日本語'): Promise<void> {
    await this.languageSelect.click();
    await this.page.locator('.ant-select-dropdown:visible').getByText(label, { exact: true }).click();
  }
}
