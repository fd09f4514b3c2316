/** Page object for the server detail drawer; selectors are the renderer's data-testids and labels. */
import { expect, type Locator, type Page } from '@playwright/test';

export type CallStatus = 'running' | 'ok' | 'toolError' | 'failed' | 'cancelled';
type Pane = 'Tools' | 'Playground' | 'Prompts' | 'Resources' | 'Logs' | 'Provider preview';

export class ServerDetailPage {
  readonly root: Locator;
  readonly toolRows: Locator;
  readonly logLines: Locator;
  /** The live connection state in the drawer's title (data-state = connected | connecting | error | disconnected, or unknown while the host is away). */
  readonly state: Locator;
  readonly playground: Locator;
  /** The shown call: its status tag, progress, and the result display. */
  readonly result: Locator;
  readonly callStatus: Locator;
  readonly callDisplay: Locator;
  /** A call that produced no result: the translated sentence (its details hold code and message). */
  readonly callError: Locator;
  readonly runButton: Locator;
  readonly cancelButton: Locator;
  /** The result's first text block; a long one is cut, with its "Showing the first …" line, Show all and Save. */
  readonly resultText: Locator;
  readonly truncation: Locator;
  readonly showAllText: Locator;
  readonly saveText: Locator;
  /** The header that folds the sent arguments away (a button with aria-expanded). */
  readonly argumentsToggle: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('server-detail');
    this.toolRows = this.root.getByTestId('tool-row');
    this.logLines = this.root.getByTestId('log-line');
    this.state = this.root.getByTestId('detail-state');
    this.playground = this.root.getByTestId('playground');
    this.result = this.playground.getByTestId('playground-result');
    this.callStatus = this.result.getByTestId('call-status');
    this.callDisplay = this.result.getByTestId('tool-call-display');
    this.callError = this.result.getByTestId('tool-call-error');
    this.runButton = this.playground.getByTestId('playground-run');
    this.cancelButton = this.playground.getByTestId('playground-cancel');
    this.resultText = this.callDisplay.getByTestId('block-text').first();
    this.truncation = this.resultText.getByTestId('text-truncated');
    this.showAllText = this.resultText.getByRole('button', { name: 'Show all' });
    this.saveText = this.resultText.getByRole('button', { name: 'Save as a file: Text' });
    this.argumentsToggle = this.callDisplay.getByTestId('tool-call-args').getByRole('button', { name: /^Arguments/ });
  }

  /** Opens the detail from the server list. */
  async open(serverName: string): Promise<void> {
    await this.page.getByRole('button', { name: `Open the details of ${serverName}` }).click();
  }

  /** Closes the drawer (its ✕), back to the server list. */
  async close(): Promise<void> {
    await this.root.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(this.root).toBeHidden();
  }

  tool(name: string): Locator {
    return this.root.locator(`[data-testid="tool-row"][data-tool-name="${name}"]`);
  }

  pane(label: Pane): Locator {
    return this.root.getByRole('tab', { name: new RegExp(`^${label}`) });
  }

  /**
   * Switches to a pane. The tabs widen when the server's counts arrive ("Tools" becomes
   * "Tools (15)"), and a click in that moment can land beside its tab: a drawer that opens at once
   * (the journeys run with reduced motion) is clicked before the counts are in. So the tab is
   * clicked until it is the selected one; clicking a selected tab does nothing.
   */
  async openPane(label: Pane): Promise<void> {
    const tab = this.pane(label);
    await expect(async () => {
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  }

  /** The drawer's Reconnect (disconnects, then connects again). */
  reconnectButton(): Locator {
    return this.root.getByTestId('detail-header').getByRole('button', { name: 'Reconnect' });
  }

  /** Opens the playground on `toolName` through its row's Try (the tools pane must be showing). */
  async tryTool(toolName: string, timeout = 30_000): Promise<void> {
    await this.tool(toolName).getByTestId('tool-try').click({ timeout });
    await expect(this.playground.getByTestId('playground-tool')).toHaveAttribute('data-tool-name', toolName);
  }

  /** The playground's tool picker: type to filter, Enter to pick. */
  async pickTool(name: string): Promise<void> {
    await this.playground.getByRole('combobox', { name: 'Tool to call' }).click();
    await this.page.keyboard.type(name);
    await this.page.keyboard.press('Enter');
    await expect(this.playground.getByTestId('playground-tool')).toHaveAttribute('data-tool-name', name);
  }

  /**
   * A text field of the generated form, by its argument's name (a required one is labelled
   * "* name"); by role, since the tool's description may mention the same word.
   */
  argument(name: string): Locator {
    return this.playground.getByRole('textbox', { name: new RegExp(`^(\\* )?${name}$`) });
  }

  /** Types the arguments as JSON (switching the editor to JSON) and runs the call. */
  async runWithJson(args: Record<string, unknown>): Promise<void> {
    await this.playground.getByTestId('playground-editor').getByText('JSON', { exact: true }).click();
    await this.playground.getByTestId('playground-json').fill(JSON.stringify(args));
    await this.runButton.click();
  }

  /** Waits until the shown call reached `status` (real servers on a shared machine: generous). */
  async expectCall(status: CallStatus, timeout = 30_000): Promise<void> {
    await expect(this.callStatus).toHaveAttribute('data-status', status, { timeout });
  }

  /** The status of every call in the history, newest first. */
  historyStatuses(): Promise<(string | null)[]> {
    return this.playground
      .getByTestId('history-entry')
      .getByTestId('call-status')
      .evaluateAll((tags) => tags.map((tag) => tag.getAttribute('data-status')));
  }
}
