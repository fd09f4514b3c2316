/** Page object for the add / edit server form (a drawer over the Tools tab). */
import type { Locator, Page } from '@playwright/test';

export class ServerFormPage {
  readonly drawer: Locator;
  readonly form: Locator;
  readonly testResult: Locator;

  constructor(readonly page: Page) {
    this.drawer = page.locator('.ant-drawer-content').filter({ has: page.getByTestId('server-form') });
    this.form = page.getByTestId('server-form');
    this.testResult = page.getByTestId('test-result');
  }

  async openAdd(): Promise<void> {
    // A form still closing after its save also matches `server-form`: once it is gone, the form
    // found after the click can only be the new one.
    await this.form.waitFor({ state: 'detached' });
    await this.page.getByTestId('add-server').click();
    await this.form.waitFor();
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  async chooseTransport(label: string): Promise<void> {
    await this.form.locator('.ant-radio-button-wrapper', { hasText: label }).click();
  }

  /** Pastes a whole command line into the command field, as a person would with Ctrl+V. */
  async pasteCommandLine(line: string): Promise<void> {
    const command = this.field('Command');
    await command.focus();
    await command.evaluate((input, text) => {
      const data = new DataTransfer();
      data.setData('text', text);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, line);
  }

  async addHeader(name: string, value: string): Promise<void> {
    await this.form.getByRole('button', { name: 'Add header' }).click();
    const row = this.form.getByTestId('headers-row').last();
    await row.getByLabel('Header name').fill(name);
    await row.getByLabel(/^Value/).fill(value);
  }

  async test(): Promise<void> {
    await this.page.getByTestId('form-test').click();
    await this.page.locator('[data-testid=test-result][data-running=false]').waitFor();
  }

  async save(): Promise<void> {
    await this.page.getByTestId('form-save').click();
  }
}
