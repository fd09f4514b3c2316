/**
 * Screenshots of what is on screen in both themes, at 1280×800, for a person to look at. Taken
 * only when ELFTIA_E2E_SHOTS names a folder (they cost seconds per shot on a loaded machine, and
 * a test run needs none of them). The theme follows the system by default, so the emulated colour
 * scheme switches it without touching the page (a drawer's mask may cover the header's toggle).
 */
import { expect, type Page } from '@playwright/test';
import path from 'node:path';

/** `small` also shoots at 1024×700 (named `<name>-small-<scheme>.png`), for screens whose layout changes there; the page is left at 1280×800. */
export async function shootThemes(page: Page, name: string, { small = false } = {}): Promise<void> {
  const dir = process.env.ELFTIA_E2E_SHOTS;
  if (!dir) return;
  const sizes = [{ width: 1280, height: 800, suffix: '' }, ...(small ? [{ width: 1024, height: 700, suffix: '-small' }] : [])];
  for (const { width, height, suffix } of sizes) {
    await page.setViewportSize({ width, height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', scheme);
      await page.screenshot({ path: path.join(dir, `${name}${suffix}-${scheme}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}
