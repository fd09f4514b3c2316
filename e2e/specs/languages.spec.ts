/**
 * The form and an error in the person's language, against the real host: the drawer's title and
 * labels, a client-side validation message, and a host error (a command that does not exist)
 * translated from its code. The expected words come from the locale files, so a missing or
 * untranslated key fails here, and so would an English leftover.
 */
import fs from 'node:fs';
import { expect, test } from '../fixtures/app';
import { ServerFormPage } from '../pages/ServerFormPage';
import { SettingsPage } from '../pages/SettingsPage';

type Locale = 'zh' | 'ja';
const read = (lang: string, file: string) => JSON.parse(fs.readFileSync(`locales/${lang}/${file}.json`, 'utf8'));
const LABELS: Record<Locale, '中文' | '日本語'> = { zh: '中文', ja: '日本語' };
const MISSING = 'elftia-no-such-command-e2e';
const SLOW = { timeout: 30_000 };
test.describe.configure({ timeout: 180_000 });

for (const lang of ['zh', 'ja'] as const) {
  test(`in ${LABELS[lang]}, the server form and a host error are translated`, async ({ app }) => {
    const tools = read(lang, 'settings/tools');
    const english = read('en', 'settings/tools');
    const errors = read(lang, 'errors');
    const settings = new SettingsPage(app.page);
    const form = new ServerFormPage(app.page);
    await expect(settings.emptyState).toBeVisible(SLOW);
    await settings.chooseLanguage(LABELS[lang]);

    // At 1024 px the list's title keeps its server count whole: where the toolbar (wider in
    // Japanese) does not fit beside it, the toolbar moves under it. Two servers that stay off.
    await app.page.setViewportSize({ width: 1024, height: 700 });
    for (const name of ['one', 'two']) await app.addServer({ name, type: 'http', config: { url: `http://127.0.0.1:9/${name}` }, isActive: false });
    const title = app.page.locator('.servers-card .ant-card-head-title');
    await expect(title).toContainText(tools.title);
    expect(await title.evaluate((el) => el.scrollWidth - el.clientWidth), 'the title is cut off').toBeLessThanOrEqual(0);
    await expect(app.page.getByTestId('add-server')).toBeInViewport();

    await form.openAdd();
    await expect(app.page.getByRole('dialog').getByText(tools.form.title.add, { exact: true })).toBeVisible();
    await expect(form.form.getByText(english.form.fields.name, { exact: true })).toHaveCount(0);
    await expect(form.form.getByLabel(tools.form.fields.name, { exact: true })).toBeVisible();

    // Saving without a name: the client-side check, in this language, on the name field.
    await app.page.getByTestId('form-save').click();
    await expect(form.form.getByText(tools.form.validation.nameRequired)).toBeVisible();

    // A command that does not exist: the host answers DEPS_MISSING, shown as this language's sentence.
    await form.form.getByLabel(tools.form.fields.name, { exact: true }).fill('missing');
    await form.form.getByLabel(tools.form.fields.command, { exact: true }).fill(MISSING);
    await form.test();
    const sentence = String(errors.DEPS_MISSING).replace('{{command}}', MISSING);
    await expect(app.page.getByTestId('test-failed')).toContainText(sentence);
    await expect(app.page.getByTestId('test-failed')).toHaveAttribute('data-failed-stage', 'connect');
  });
}
