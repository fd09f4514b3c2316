/**
 * Screenshots of what is on screen in both themes, at 1280×800, for a person to look at. Taken
 * only when ELFTIA_E2E_SHOTS names a folder (they cost seconds per shot on a loaded machine, and
 * a test run needs none of them). The theme follows the system by default, so the emulated colour
 * scheme switches it without touching the page (a drawer's mask may cover the header's toggle).
 */
import { expect, type Page } from '@playwright/test';
import path from 'node:path';

export async function shootThemes(page: Page, name: string): Promise<void> {
  const dir = process.env.ELFTIA_E2E_SHOTS;
  if (!dir) return;
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', scheme);
    await page.screenshot({ path: path.join(dir, `${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
