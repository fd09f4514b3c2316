/** Page object for the server detail drawer; selectors are the renderer's data-testids and labels. */
import type { Locator, Page } from '@playwright/test';

export class ServerDetailPage {
  readonly root: Locator;
  readonly toolRows: Locator;
  readonly logLines: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('server-detail');
    this.toolRows = this.root.getByTestId('tool-row');
    this.logLines = this.root.getByTestId('log-line');
  }

  /** Opens the detail from the server list. */
  async open(serverName: string): Promise<void> {
    await this.page.getByRole('button', { name: `Open the details of ${serverName}` }).click();
  }

  tool(name: string): Locator {
    return this.root.locator(`[data-testid="tool-row"][data-tool-name="${name}"]`);
  }

  pane(label: 'Tools' | 'Prompts' | 'Resources' | 'Logs' | 'Provider preview'): Locator {
    return this.root.getByRole('tab', { name: new RegExp(`^${label}`) });
  }
}
