/** Page object for the import and export dialog; selectors are the renderer's data-testids. */
import type { Locator, Page } from '@playwright/test';

export class ImportDialog {
  readonly openButton: Locator;
  readonly json: Locator;
  readonly previewButton: Locator;
  readonly preview: Locator;
  readonly submit: Locator;
  readonly result: Locator;

  constructor(readonly page: Page) {
    this.openButton = page.getByTestId('open-import');
    this.json = page.getByTestId('import-json');
    this.previewButton = page.getByTestId('import-preview-button');
    this.preview = page.getByTestId('import-preview');
    this.submit = page.getByTestId('import-submit');
    this.result = page.getByTestId('import-result');
  }

  previewRow(name: string): Locator {
    return this.preview.locator(`[data-entry="${name}"]`);
  }

  resultRow(name: string): Locator {
    return this.result.locator(`[data-entry="${name}"]`);
  }

  async pasteAndPreview(text: string): Promise<void> {
    await this.openButton.click();
    await this.json.fill(text);
    await this.previewButton.click();
  }
}
