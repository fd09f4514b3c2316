/**
 * The tools with a model, end to end: the real host, the real stdio fixture server, and a fake
 * model provider on loopback (OpenAI-compatible, so no key) that answers from a script.
 * - The model asks for `echo` → the approval dialog (its server is not trusted) → Allow
 *   once → the result shows in the chat → the final answer streams in; the model got the result.
 * - The model asks for `crash` (destructive) → the dialog says why → Deny → the model is told.
 * - A server's sampling request → the review dialog → Generate on the person's model → Send →
 *   the server gets that answer.
 * - A tool allowed for this chat is re-declared destructive mid-chat → its next call asks again
 *   and the dialog shows what changed (in English and in Chinese).
 * - "Decide later" → the call in the chat says so and brings the dialog back (in the first journey).
 * - An agent preset with a session server (the fixture stdio server, tested from its form) →
 *   picked in the chat → the model calls its tool as kit__echo → the result shows → New chat →
 *   the session server's process is gone (issue 30).
 * - MCP Apps in the chat (issue 32): the real basic-vanillajs app inline beside its text result;
 *   our probe app while its call runs, told when the person stops it; its model context reaching
 *   the model with the person's next turn, which its ui/message became only after they agreed;
 *   full screen and picture in picture keeping its state; New chat tearing it down (its log says
 *   it answered ui/resource-teardown 300 ms later, so its frame outlived the request).
 * - A new user at 1024×700: the empty chat has no scrollbar and no "Jump to latest"; a local
 *   server's address saved on Provider keys reaches the chat without a reload; the message field
 *   stays on screen with a notice above it; a dismissed notice stays dismissed after a reload.
 */
import fs from 'node:fs';
import { APP_EXAMPLE_SERVERS, FIXTURE_SERVERS, isRunning } from '../fixtures/servers/paths';
import { startFakeLlm, type FakeLlm } from '../fixtures/providers/fakeLlm';
import { expect, test, type AppHandle } from '../fixtures/app';
import { SettingsPage, settingsSection } from '../pages/SettingsPage';
import type { Page } from '@playwright/test';
import { shootThemes } from '../pages/themeShots';

test.describe.configure({ timeout: 180_000 });

const DENIED = 'The person denied this tool call';

let fake: FakeLlm;
test.beforeEach(async () => {
  fake = await startFakeLlm();
});
test.afterEach(async () => {
  await fake.close();
});

/** The fake model as the person's OpenAI-compatible provider, and one active fixture server (`env` switches its tools). */
async function setUp(app: AppHandle, name = 'fixture', env: Record<string, string> = {}): Promise<string> {
  const settings = new SettingsPage(app.page);
  await expect(settings.emptyState).toBeVisible();
  expect((await app.invoke('providers.set', { id: 'openai-compatible', baseUrl: fake.baseUrl('openai') })).ok).toBe(true);
  const serverId = await app.addServer({
    name,
    type: 'stdio',
    isActive: true,
    config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio], env },
  });
  await expect(settings.stateOf(name)).toHaveText('Connected', { timeout: 90_000 });
  return serverId;
}

/** Picks an option of an antd Select opened by clicking `select`. */
async function choose(page: Page, select: ReturnType<Page['getByTestId']>, option: string): Promise<void> {
  await select.click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

async function openChat(page: Page): Promise<void> {
  await settingsSection(page, 'Try with a model').click();
  await expect(page.getByTestId('chat-view')).toBeVisible();
  await choose(page, page.getByTestId('chat-provider'), 'OpenAI-compatible');
  await choose(page, page.getByTestId('chat-model-select'), 'fake-large');
}

async function send(page: Page, message: string): Promise<void> {
  await page.getByTestId('chat-input').fill(message);
  await page.getByTestId('chat-input').press('Enter');
}

test('the model calls echo → approval → allow → the result shows → the answer streams', async ({ app }) => {
  await setUp(app);
  fake.script([
    { text: 'Let me check.', calls: [{ tool: 'echo', arguments: { text: 'hello from the model' } }] },
    { chunks: ['The server ', 'echoed ', 'your words.'], delayMs: 50 },
  ]);
  const { page } = app;
  await openChat(page);
  // The picker finds a tool among the server's fourteen; the search changes only what is shown.
  await page.getByTestId('chat-open-tools').click();
  const picker = page.getByTestId('chat-tool-picker');
  await picker.getByRole('textbox', { name: 'Search servers and tools' }).fill('echo');
  await expect(picker.getByTestId('chat-tools-tool')).toHaveCount(1);
  await expect(picker.getByRole('status')).toHaveText('14 of 14 tools on');
  await shootThemes(page, 'tool-picker-search');
  await picker.getByRole('button', { name: 'Done' }).click();
  await expect(picker).toBeHidden();
  await send(page, 'Please echo something');

  const dialog = page.getByRole('dialog', { name: 'Allow this tool call?' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId('approval-tool')).toContainText('echo');
  await expect(dialog.getByTestId('approval-reason')).toHaveText(
    '“fixture” is not a trusted server, so none of its tools runs without your approval. What it says about this tool (the annotations above) is only its own claim.',
  );
  await expect(dialog.getByTestId('approval-arguments')).toContainText('hello from the model');
  await expect(page.getByTestId('chat-call-status')).toHaveText('Awaiting your approval');
  await shootThemes(page, 'approval-dialog');
  // Put aside, the decision waits in the chat, where the call is, and comes back from there.
  await dialog.getByRole('button', { name: 'Decide later' }).last().click();
  await expect(dialog).toBeHidden();
  const conversation = page.getByRole('log', { name: 'Conversation' });
  await expect(conversation.getByText('You put this decision aside. The model waits until you decide.')).toBeVisible();
  await shootThemes(page, 'approval-put-off');
  await conversation.getByRole('button', { name: 'Decide now' }).click();
  await allowOnce(page);

  const call = page.getByTestId('chat-tool-call');
  await expect(call.getByTestId('chat-call-status')).toHaveText('Done', { timeout: 30_000 });
  await expect(call).toContainText('hello from the model');
  await expect(page.getByTestId('chat-assistant').last()).toContainText('The server echoed your words.', { timeout: 30_000 });

  // The model's second request carried the tool's result.
  const [, second] = fake.generations();
  expect(JSON.stringify(second!.body)).toContain('hello from the model');
});

test('a destructive tool → the dialog says so → deny → the model is told', async ({ app }) => {
  const serverId = await setUp(app);
  fake.script([{ calls: [{ tool: 'crash', arguments: {} }] }, { text: 'Understood, I will not crash the server.' }]);
  const { page } = app;
  await openChat(page);
  await send(page, 'Crash it');

  const dialog = page.getByRole('dialog', { name: 'Allow this tool call?' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId('approval-reason')).toHaveText('The server marks this tool as destructive: it may delete or overwrite data.');
  await dialog.getByTestId('approval-deny').click();
  await expect(dialog).toBeHidden();

  await expect(page.getByTestId('chat-call-status')).toHaveText('Denied');
  await expect(page.getByTestId('chat-assistant').last()).toContainText('Understood, I will not crash the server.', { timeout: 30_000 });
  const [, second] = fake.generations();
  expect(JSON.stringify(second!.body)).toContain(DENIED);
  // The server was never asked to run it: `crash` would have ended it, and it is still connected.
  const status = (await app.invoke('mcp.status', {})) as { ok: true; data: { id: string; state: string }[] };
  expect(status.data.find((s) => s.id === serverId)?.state).toBe('connected');
});

test('a server asks for a model answer → the person reviews, generates and sends → the server gets it', async ({ app }) => {
  const serverId = await setUp(app);
  fake.script([{ text: 'Hello from the fake model' }]);
  const { page } = app;
  // Not awaited: the call waits while the person reviews the request.
  const call = app.invoke('mcp.call_tool', { serverId, toolName: 'sample', args: {} });

  const dialog = page.getByRole('dialog', { name: 'fixture asks for a model answer' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId('sampling-messages')).toContainText('Say hello');
  await choose(page, dialog.getByTestId('sampling-provider'), 'OpenAI-compatible');
  await choose(page, dialog.getByTestId('sampling-model'), 'fake-large');
  await dialog.getByTestId('sampling-generate').click();
  await expect(dialog.getByTestId('sampling-draft')).toHaveValue('Hello from the fake model', { timeout: 30_000 });
  await shootThemes(page, 'sampling-dialog');
  await dialog.getByTestId('sampling-send').click();
  await expect(dialog).toBeHidden();

  const result = (await call) as { ok: boolean; data?: { content: { text: string }[] } };
  expect(result.ok).toBe(true);
  const answer = JSON.parse(result.data!.content[0]!.text) as { role: string; model: string; content: { text: string } };
  expect(answer).toMatchObject({ role: 'assistant', model: 'fake-large', content: { text: 'Hello from the fake model' } });
});

const toolsText = (lang: 'en' | 'zh') =>
  (JSON.parse(fs.readFileSync(`locales/${lang}/serverRequests.json`, 'utf8')) as { approvals: { changed: { title: string }; reason: { destructive: string }; dialog: { title: string } } })
    .approvals;

for (const [lang, label] of [['en', 'English'], ['zh', '中文']] as const) {
  test(`in ${label}: a tool allowed for this chat, then re-declared destructive, asks again and shows what changed`, async ({ app }) => {
    await setUp(app, 'traps', { FIXTURE_HINT_TRAPS: '1' });
    // `tidy` re-declares itself destructive (with a new description) on its first call.
    fake.script([{ calls: [{ tool: 'tidy', arguments: { path: '/work' } }] }, { calls: [{ tool: 'tidy', arguments: { path: '/work' } }] }, { text: 'I left it alone.' }]);
    const { page } = app;
    await openChat(page);
    if (lang !== 'en') await new SettingsPage(page).chooseLanguage(label);
    await send(page, 'Tidy up, twice');

    const text = toolsText(lang);
    const dialog = page.getByRole('dialog', { name: text.dialog.title });
    await expect(dialog.getByTestId('approval-tool')).toHaveText('tidy', { timeout: 30_000 });
    await expect(dialog.getByTestId('approval-changed')).toHaveCount(0);
    await dialog.getByTestId('approval-allow-chat').click();

    // The second call: the allowance was for the tool as it read then, so it asks again.
    const changed = dialog.getByTestId('approval-changed');
    await expect(changed).toBeVisible({ timeout: 30_000 });
    await expect(changed).toContainText(text.changed.title.replace('{{tool}}', 'tidy'));
    await expect(changed.getByTestId('approval-change')).toHaveCount(2);
    await expect(changed.getByTestId('approval-change-now').first()).toHaveText('Deletes everything under path');
    await expect(dialog.getByTestId('approval-reason')).toHaveText(text.reason.destructive);
    await shootThemes(page, `approval-changed-${lang}`);
    await dialog.getByTestId('approval-deny').click();
    await expect(page.getByTestId('chat-assistant').last()).toContainText('I left it alone.', { timeout: 30_000 });
    expect(JSON.stringify(fake.generations()[2]!.body)).toContain(DENIED);
  });
}



test('an agent preset with a session server: made in Agents, picked in the chat, its tool called as kit__echo, gone with the chat', async ({ app }) => {
  const { page } = app;
  await expect(new SettingsPage(page).emptyState).toBeVisible();
  expect((await app.invoke('providers.set', { id: 'openai-compatible', baseUrl: fake.baseUrl('openai') })).ok).toBe(true);

  await settingsSection(page, 'Agents').click();
  await page.getByRole('button', { name: 'New agent' }).click();
  const form = page.getByRole('dialog', { name: 'New agent' });
  await form.getByLabel('Name', { exact: true }).fill('Helper');
  await form.getByLabel('Instructions').fill('Use the kit.');
  await form.getByRole('radio', { name: 'Allow every call' }).check();
  await form.getByRole('button', { name: 'Add session server' }).click();
  const server = page.getByRole('dialog', { name: 'New session server' });
  await server.getByLabel('Name', { exact: true }).fill('kit');
  await server.getByLabel('Command').fill(process.execPath);
  await server.getByRole('button', { name: /Add argument/ }).click();
  await server.getByRole('textbox', { name: 'Argument 1' }).fill(FIXTURE_SERVERS.stdio);
  // The server form's Test, on the session server as a chat would start it.
  await server.getByRole('button', { name: 'Test' }).click();
  await expect(server.getByTestId('test-result')).toContainText('Connected to', { timeout: 30_000 });
  await server.getByRole('button', { name: 'Save' }).click();
  await expect(server).toBeHidden();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('listitem', { name: 'Helper' })).toContainText('Session servers: kit');

  await openChat(page);
  await choose(page, page.getByRole('combobox', { name: 'Agent' }), 'Helper');
  const running = page.getByRole('list', { name: 'Session servers of Helper' });
  await expect(running).toContainText('kit · running', { timeout: 30_000 });
  // The header's count has the session's tools (the fixture's fourteen; no server of the person's).
  await expect(page.getByTestId('chat-open-tools')).toHaveText('Tools: 14 of 14');
  const [session] = ((await app.invoke('agents.session_status', {})) as { ok: true; data: { servers: { pid: number }[] }[] }).data;
  const pid = session!.servers[0]!.pid;
  expect(isRunning(pid)).toBe(true);
  await shootThemes(page, 'chat-agent-session');

  fake.script([{ calls: [{ tool: 'kit__echo', arguments: { text: 'from the session server' } }] }, { text: 'The kit echoed it.' }]);
  await send(page, 'Echo through the kit');
  const call = page.getByTestId('chat-tool-call');
  await expect(call.getByTestId('chat-call-status')).toHaveText('Done', { timeout: 30_000 });
  await expect(call).toContainText('from the session server');
  await expect(page.getByTestId('chat-assistant').last()).toContainText('The kit echoed it.', { timeout: 30_000 });
  const [first] = fake.generations();
  expect(JSON.stringify(first!.body)).toContain('Use the kit.');

  await page.getByRole('button', { name: 'New chat' }).click();
  await expect(running).toHaveCount(0);
  await expect.poll(() => isRunning(pid), { timeout: 10_000 }).toBe(false);
  expect(((await app.invoke('agents.session_status', {})) as { ok: true; data: unknown[] }).data).toEqual([]);
});

/** The app inside its sandbox in the chat (the proxy frame, then the app's own), by the label of its region. */
const appIn = (page: Page, server: string) => page.getByRole('region', { name: `App from ${server}` }).frameLocator('[data-testid="mcp-app-frame"]').frameLocator('iframe');

async function allowOnce(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Allow this tool call?' });
  // With motion, a click during the dialog's zoom-in can land on a 20×6 px button and be lost on
  // a loaded machine (a person's would not): wait until the dialog has its full size. The journeys
  // run with reduced motion (playwright.config.ts), where it opens whole; this keeps a run with
  // motion (`test.use({ reducedMotion: 'no-preference' })`) as safe.
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog).not.toHaveClass(/ant-zoom-appear/);
  await dialog.getByTestId('approval-allow-once').click();
  await expect(dialog).toBeHidden();
}

const serverLog = async (app: AppHandle, id: string) =>
  ((await app.invoke('mcp.server_log', { id, limit: 500 })) as { ok: true; data: { lines: { line: string }[] } }).data.lines.map((l) => l.line).join('\n');

test('MCP Apps in the chat: inline with the text result, stopped, a message after consent, the model context, full screen and picture in picture, torn down by New chat (issue 32)', async ({ app }) => {
  // Screenshots in three languages, two sizes and two themes take minutes of their own.
  if (process.env.ELFTIA_E2E_SHOTS) test.setTimeout(480_000);
  const { page } = app;
  await expect(new SettingsPage(page).emptyState).toBeVisible();
  expect((await app.invoke('providers.set', { id: 'openai-compatible', baseUrl: fake.baseUrl('openai') })).ok).toBe(true);
  await app.addServer({ name: 'basic', type: 'stdio', isActive: true, config: { command: process.execPath, args: [APP_EXAMPLE_SERVERS.basicVanillajs, '--stdio'] } });
  const probeId = await app.addServer({ name: 'probe', type: 'stdio', isActive: true, config: { command: process.execPath, args: [FIXTURE_SERVERS.apps] } });
  await expect(new SettingsPage(page).stateOf('probe')).toHaveText('Connected', { timeout: 90_000 });
  fake.script([
    { calls: [{ tool: 'get_time', arguments: {} }] },
    { text: 'That is the server’s time.' },
    { calls: [{ tool: 'probe_view', arguments: { note: 'slow', waitMs: 30_000 } }] },
    { text: 'Row 42 it is.' },
  ]);
  await openChat(page);
  await send(page, 'What time is it on the server?');
  await allowOnce(page);

  // The real app, inline in the transcript, labelled with its server, its text result beside it.
  const basic = page.getByRole('region', { name: 'App from basic' });
  await expect(basic).toBeVisible({ timeout: 30_000 });
  // The call's structured content reached the app (the chat's results dropped it: the app showed [ERROR]).
  await expect(appIn(page, 'basic').locator('#server-time')).toHaveText(/^(?!Loading|\[ERROR\]).+/, { timeout: 15_000 });
  const basicCall = page.getByTestId('chat-tool-call').filter({ has: basic });
  await expect(basicCall.getByTestId('tool-call-content')).toBeVisible();
  await expect(page.getByTestId('chat-assistant').last()).toContainText('That is the server’s time.', { timeout: 30_000 });
  await basic.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await shootThemes(page, 'chat-app', { small: true });

  // The probe's call runs for 30 s: its app shows meanwhile with the input, and hears the stop.
  await send(page, 'Open the probe');
  await allowOnce(page);
  // By its resource, not its label: the label is said in the person's language.
  const probe = page.locator('[data-app-uri="ui://fixture/probe.html"]').frameLocator('[data-testid="mcp-app-frame"]').frameLocator('iframe');
  await expect(probe.locator('#input')).toHaveText('{"note":"slow","waitMs":30000}', { timeout: 30_000 });
  await expect(probe.locator('#result')).toHaveText('none yet');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(probe.locator('#result')).toHaveText('cancelled: You stopped this call.', { timeout: 15_000 });

  // Its model context is kept for the next turn; its message becomes that turn only once the person agrees.
  await probe.getByRole('button', { name: 'Set model context' }).click();
  await probe.getByRole('button', { name: 'Send a message' }).click();
  const consent = page.getByRole('dialog', { name: 'The app of probe wants to send this as your next message to the model' });
  await expect(consent).toContainText('Tell me more about the probe');
  await consent.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('chat-user').last()).toHaveText('Tell me more about the probe');
  await expect(page.getByTestId('chat-assistant').last()).toContainText('Row 42 it is.', { timeout: 30_000 });
  const asked = JSON.stringify(fake.generations().at(-1)!.body);
  expect(asked).toContain('The person picked row 42 in the probe');
  expect(asked).toContain('Tell me more about the probe');

  // Full screen, from the app's own label row: the same frame (its count survives), Esc goes back.
  const probeRegion = page.getByRole('region', { name: 'App from probe' });
  await probe.getByRole('button', { name: 'Count up' }).click();
  await probeRegion.getByRole('button', { name: 'Full screen' }).click();
  const overlay = page.getByRole('dialog', { name: 'App from probe · Full screen' });
  await expect(overlay).toBeVisible();
  await expect(probe.locator('#mode')).toHaveText('fullscreen');
  await expect(probe.locator('#container')).toHaveText(/"height":\d{3}/);
  await expect(probe.locator('#count')).toHaveText('1');
  await expect(overlay.getByRole('button', { name: 'Back to the page' })).toBeFocused();
  await shootThemes(page, 'chat-app-fullscreen', { small: true });
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
  await expect(probe.locator('#mode')).toHaveText('inline');

  // Picture in picture, asked by the app: it floats in view while the transcript scrolls away.
  const pip = page.getByRole('region', { name: 'App from probe · Picture in picture' });
  // The transcript may still be settling after full screen (the click scrolls it into view and a
  // late scroll moved the button from under a loaded machine's click): clicked until the app asks.
  await expect(async () => {
    await probe.getByRole('button', { name: 'Ask for picture in picture' }).click();
    await expect(pip).toBeInViewport({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('log', { name: 'Conversation' }).evaluate((log) => log.scrollTo({ top: 0 }));
  await expect(pip).toBeInViewport();
  await expect(probe.locator('#count')).toHaveText('1');
  await shootThemes(page, 'chat-app-pip', { small: true });

  await pip.getByRole('button', { name: 'Back to the page' }).click();
  await expect(probe.locator('#mode')).toHaveText('inline');

  // The same screens in Chinese and Japanese (the app hears the locale), the modes asked by the app itself.
  const settings = new SettingsPage(page);
  const log = page.getByRole('log');
  for (const [label, lang] of [['中文', 'zh'], ['日本語', 'ja']] as const) {
    await settings.chooseLanguage(label);
    await log.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await shootThemes(page, `chat-app-${lang}`);
    await probe.getByRole('button', { name: 'Ask for full screen' }).click();
    await expect(probe.locator('#mode')).toHaveText('fullscreen');
    await shootThemes(page, `chat-app-fullscreen-${lang}`);
    await page.keyboard.press('Escape');
    await probe.getByRole('button', { name: 'Ask for picture in picture' }).click();
    await expect(probe.locator('#mode')).toHaveText('pip');
    await shootThemes(page, `chat-app-pip-${lang}`);
    await probe.getByRole('button', { name: 'Ask for inline' }).click();
    await expect(probe.locator('#mode')).toHaveText('inline');
  }
  await settings.chooseLanguage('English');

  // New chat: the apps are torn down, each answering before its frame goes.
  await page.getByRole('button', { name: 'New chat' }).click();
  await expect(probeRegion).toHaveCount(0);
  await expect.poll(() => serverLog(app, probeId), { timeout: 10_000 }).toContain('probe: teardown answered after 300 ms');
  expect(await serverLog(app, probeId)).toContain('probe: teardown received');
});

/** Whether the element scrolls: its content is taller than its box. */
const scrolls = (locator: ReturnType<Page['getByRole']>) => locator.evaluate((element) => element.scrollHeight > element.clientHeight);

test('a new user at 1024×700: an empty chat that does not scroll, a local server saved on Provider keys, the message field in view under a notice', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(new SettingsPage(page).emptyState).toBeVisible();
  await settingsSection(page, 'Try with a model').click();
  const conversation = page.getByRole('log', { name: 'Conversation' });
  await expect(conversation).toBeVisible();
  expect(await scrolls(conversation)).toBe(false);
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toHaveCount(0);

  // The way to a model: the local server's address only, no key.
  await page.getByRole('button', { name: 'Add a key or a local server' }).click();
  await page.getByRole('button', { name: 'Set key: OpenAI-compatible' }).click();
  const keyDialog = page.getByRole('dialog', { name: 'OpenAI-compatible' });
  await keyDialog.getByLabel('Base URL').fill(fake.baseUrl('openai'));
  await keyDialog.getByRole('button', { name: 'Save' }).click();
  await expect(keyDialog).toBeHidden();

  // Back in the chat, with no reload: the provider is the one just saved, its models are listed.
  await settingsSection(page, 'Try with a model').click();
  await expect(page.getByRole('combobox', { name: 'Provider' }).locator('xpath=ancestor::*[contains(@class,"ant-select")][1]')).toContainText('OpenAI-compatible');
  const model = page.getByRole('combobox', { name: 'Model' });
  await model.click();
  await model.fill('fake-large');
  await model.press('Enter');

  // A key saved elsewhere (a second window, the CLI) raises the plain-file notice above everything.
  expect((await app.invoke('providers.set', { id: 'openai', apiKey: 'sk-e2e-notice-1234' })).ok).toBe(true);
  const notices = page.getByRole('region', { name: 'Notices' });
  await expect(notices).toContainText('API keys are stored without encryption');
  const input = page.getByRole('textbox', { name: 'Message to the model' });
  await expect(input).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollHeight <= document.documentElement.clientHeight + 1)).toBe(true);
  // The empty chat fits what the notice leaves it (a shorter intro), with no scrollbar of its own.
  await expect(page.getByTestId('chat-empty')).toBeVisible();
  expect(await scrolls(conversation)).toBe(false);
  await shootThemes(page, 'chat-ready-notice');

  fake.script([{ text: 'Hello from the local model.' }]);
  await input.fill('Hello');
  await input.press('Enter');
  await expect(conversation).toContainText('Hello from the local model.', { timeout: 30_000 });
  await expect(input).toBeInViewport({ ratio: 1 });

  // Dismissed, the notice stays dismissed when the page is loaded again.
  await notices.getByRole('button', { name: 'Dismiss notice' }).click();
  await expect(notices).toHaveCount(0);
  const listed = page.waitForResponse((response) => response.url().endsWith('/api/rpc') && (response.request().postData() ?? '').includes('"app.notices"'));
  await page.reload();
  expect(await (await listed).text()).toContain('SECRETS_PLAINTEXT_FILE');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notices' })).toHaveCount(0);
});
