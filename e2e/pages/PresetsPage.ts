/** Page object for the Tools tab's Presets and Provider keys sections (and the way back to Servers); selectors are the renderer's data-testids. */
import type { Locator, Page } from '@playwright/test';
import { settingsSection, type SettingsSection } from './SettingsPage';

export class PresetsPage {
  constructor(readonly page: Page) {}

  section(label: SettingsSection): Locator {
    return settingsSection(this.page, label);
  }

  card(presetId: string): Locator {
    return this.page.locator(`[data-testid="preset-card"][data-preset-id="${presetId}"]`);
  }

  providerRow(providerId: string): Locator {
    return this.page.locator(`[data-testid="provider-row"][data-provider-id="${providerId}"]`);
  }

  /** The open modal (install dialog or key dialog), footer included. */
  get dialog(): Locator {
    return this.page.locator('.ant-modal:visible');
  }

  step(name: string): Locator {
    return this.page.locator(`[data-testid="install-step"][data-step="${name}"]`);
  }
}
