/** Page object for the Tools tab's Presets and Provider keys sections; selectors are the renderer's data-testids. */
import type { Locator, Page } from '@playwright/test';

export class PresetsPage {
  constructor(readonly page: Page) {}

  section(label: 'Presets' | 'Provider keys'): Locator {
    return this.page.getByRole('navigation', { name: 'Settings sections' }).getByRole('tab', { name: label, exact: true });
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
