import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpServerRecord, McpTestResult } from '@shared/contracts/mcp-types';
import { TRANSPORTS, transportFields } from '@shared/transports';
import { FakeHost, server } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import { userEvent } from '@renderer-testing/userEvent';
import { testI18n } from '@renderer-testing/allLocales';
import { McpServerFormDrawer } from './server-form/McpServerFormDrawer';
import { ToolsTabNavProvider, useToolsTabNav, type FormTarget } from './ToolsTabNav';

afterEach(cleanup);

const en = testI18n('en');

function Opener({ target }: { target: FormTarget }) {
  const nav = useToolsTabNav();
  return (
    <button type="button" onClick={() => nav.openForm(target)}>
      open form
    </button>
  );
}

async function openForm(host: FakeHost, target: FormTarget = { mode: 'add' }, language: 'en' | 'zh' | 'ja' = 'en') {
  renderWithProviders(
    // No motion: a drawer or dialog is there at once, not after an animation jsdom never runs.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <ToolsTabNavProvider>
          <Opener target={target} />
          <McpServerFormDrawer />
        </ToolsTabNavProvider>
      </App>
    </ConfigProvider>,
    host,
    language,
  );
  fireEvent.click(screen.getByText('open form'));
  return screen.findByTestId('server-form');
}

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const field = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
const fieldError = (label: string) => field(label).querySelector('.ant-form-item-explain')?.textContent ?? '';
/** Text without its spaces: antd spaces out a two-character Chinese label (撤 销). */
const unspaced = (text: string | null | undefined) => text?.replace(/\s/g, '') ?? '';
/** A button by its text (or aria-label); getByRole is too slow on antd's DOM in jsdom. */
const button = (name: string, scope: HTMLElement = document.body): HTMLElement =>
  (scope.querySelector(`button[aria-label="${name}"]`) as HTMLElement | null) ??
  ([...scope.querySelectorAll('button')].find((b) => unspaced(b.textContent) === unspaced(name)) as HTMLElement | undefined) ??
  (() => {
    throw new Error(`No button "${name}"`);
  })();
const click = (name: string) => fireEvent.click(button(name));
/** The open dialog whose title is `title`. */
const dialog = async (title: string) => (await screen.findByText(title)).closest('.ant-modal') as HTMLElement;

/** Save, and "Save anyway" when it asks (no test was run). */
async function saveAnyway() {
  click('Save');
  await waitFor(() => button('Save anyway'));
  click('Save anyway');
}

const PASSED: McpTestResult = {
  success: true,
  stages: [
    { stage: 'connect', state: 'passed', durationMs: 12 },
    { stage: 'initialize', state: 'passed', durationMs: 30 },
    { stage: 'list_tools', state: 'passed', durationMs: 4 },
  ],
  tools: ['echo', 'add'],
  disabledTools: [],
  invalidTools: [],
  durationMs: 46,
  serverInfo: { name: 'fixture', version: '1.0.0' },
};

const FAILED: McpTestResult = {
  success: false,
  stages: [
    { stage: 'connect', state: 'passed', durationMs: 12 },
    { stage: 'initialize', state: 'failed', durationMs: 30 },
    { stage: 'list_tools', state: 'skipped' },
  ],
  failedStage: 'initialize',
  stderrTail: ['fixture: FIXTURE_API_KEY is not set; get one at https://example.invalid/keys'],
  tools: [],
  disabledTools: [],
  invalidTools: [],
  durationMs: 42,
  error: { code: 'MCP_CONNECTION_CLOSED', message: 'MCP server process "node" exited with code 3', data: {} },
};

const LABELS = { command: 'Command', args: 'Arguments', env: 'Environment variables', url: 'URL', headers: 'Headers', wsProtocol: 'WebSocket sub-protocol' } as const;
const labelShown = (text: string) => screen.queryAllByText(text, { selector: 'label' }).length > 0;

// Generous: antd in jsdom is slow on a busy machine.
describe('McpServerForm', { timeout: 120_000 }, () => {
  it('opens with sensible defaults: stdio, active, user scope', async () => {
    await openForm(new FakeHost());
    expect((screen.getByLabelText('stdio') as HTMLInputElement).checked).toBe(true);
    expect(document.querySelector('[role=switch]')?.getAttribute('aria-checked')).toBe('true');
    expect((screen.getByLabelText('User: every project') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('Project folder')).toBeNull();
  });

  describe.each(TRANSPORTS.descriptors.map((d) => [d.type, d] as const))('with the %s transport', (transport, descriptor) => {
    it('shows the fields the transport table gives it and sends that config', async () => {
      const host = new FakeHost();
      host.handle('mcp.add', (input) => ({ success: true, server: server({ ...input, name: input.name } as McpServerRecord) }));
      await openForm(host);
      fireEvent.click(screen.getByLabelText(en.t(`settings/tools:${descriptor.displayKey}`)));
      await waitFor(() => expect(screen.getByTestId('server-form').getAttribute('data-transport')).toBe(transport));

      const uses = new Set(transportFields(TRANSPORTS, transport).map((f) => f.field));
      for (const [name, label] of Object.entries(LABELS)) expect(labelShown(label), `${transport} ${name}`).toBe(uses.has(name as keyof typeof LABELS));

      type('Name', `my ${transport}`);
      const expected: Record<string, unknown> = {};
      if (uses.has('command')) {
        type('Command', 'node');
        expected.command = 'node';
      }
      if (uses.has('url')) {
        const url = `${descriptor.urlSchemes[0]}//127.0.0.1:3000/endpoint`;
        type('URL', url);
        expected.url = url;
      }
      if (uses.has('headers')) {
        click('Add header');
        type('Header name', 'Authorization');
        type(/^Value/, 'Bearer t0ken-value');
        expected.headers = { Authorization: 'Bearer t0ken-value' };
      }
      if (uses.has('wsProtocol')) {
        type('WebSocket sub-protocol', 'mcp');
        expected.wsProtocol = 'mcp';
      }
      await saveAnyway();
      await waitFor(() => expect(host.inputsOf('mcp.add')).toHaveLength(1));
      expect(host.inputsOf('mcp.add')[0]).toEqual({ name: `my ${transport}`, type: transport, scope: 'user', isActive: true, config: expected });
    });
  });

  it('splits a pasted command line into the command and its arguments, quotes and all', async () => {
    const host = new FakeHost();
    host.handle('mcp.add', () => ({ success: true }));
    await openForm(host);
    type('Name', 'files');
    fireEvent.paste(screen.getByLabelText('Command'), {
      clipboardData: { getData: () => 'npx -y @modelcontextprotocol/server-filesystem "/home/me/My Documents"' },
    });
    await waitFor(() => expect(screen.getAllByTestId('arg-row')).toHaveLength(3));
    expect((screen.getByLabelText('Command') as HTMLInputElement).value).toBe('npx');
    expect((screen.getByLabelText('Argument 3') as HTMLInputElement).value).toBe('/home/me/My Documents');

    // Reorder and remove with the row buttons.
    click('Move argument 3 up');
    click('Remove argument 1');
    await saveAnyway();
    await waitFor(() => expect(host.inputsOf('mcp.add')).toHaveLength(1));
    expect(host.inputsOf('mcp.add')[0]!.config).toEqual({ command: 'npx', args: ['/home/me/My Documents', '@modelcontextprotocol/server-filesystem'] });
  });

  it('splits a command line typed into Command when the field is left, says so, and undoes it', async () => {
    const host = new FakeHost();
    await openForm(host);
    const commandField = screen.getByLabelText('Command') as HTMLInputElement;
    type('Command', 'npx -y @modelcontextprotocol/server-filesystem "/home/me/My Documents"');
    // Before leaving the field: offered, as a button the keyboard reaches.
    const split = await screen.findByTestId('split-command');
    expect(split.tagName).toBe('BUTTON');
    expect(split.textContent).toBe('Split into command and arguments');
    fireEvent.blur(commandField);
    await waitFor(() => expect(commandField.value).toBe('npx'));
    expect(screen.getAllByTestId('arg-row')).toHaveLength(3);
    expect((screen.getByLabelText('Argument 3') as HTMLInputElement).value).toBe('/home/me/My Documents');
    const note = screen.getByTestId('command-line-change');
    expect(note.getAttribute('role')).toBe('status');
    expect(note.textContent).toContain('Split into the command “npx” and 3 arguments.');

    click('Undo');
    await waitFor(() => expect(commandField.value).toBe('npx -y @modelcontextprotocol/server-filesystem "/home/me/My Documents"'));
    expect(screen.queryAllByTestId('arg-row')).toHaveLength(0);
    expect(screen.queryByTestId('command-line-change')).toBeNull();

    // A Windows path's backslashes are not the shell's escapes: such a line is only offered, never split by itself.
    type('Command', 'C:\\Tools\\server.exe --port 3');
    fireEvent.blur(commandField);
    expect(commandField.value).toBe('C:\\Tools\\server.exe --port 3');
    expect(await screen.findByTestId('split-command')).toBeTruthy();
    // One word is a command, as typed.
    type('Command', 'uvx');
    fireEvent.blur(commandField);
    expect(commandField.value).toBe('uvx');
    expect(screen.queryByTestId('command-line-change')).toBeNull();
  });

  it('recognises a URL typed into Command and switches to its transport when asked, in each language', async () => {
    const host = new FakeHost();
    host.handle('mcp.add', () => ({ success: true }));
    await openForm(host);
    type('Name', 'remote');
    type('Command', ' https://mcp.example.com/mcp ');
    const offer = await screen.findByTestId('command-is-url');
    expect(offer.textContent).toContain('This is a URL, not a command');
    fireEvent.blur(screen.getByLabelText('Command'));
    // Left alone: a URL is not a command line to split.
    expect(screen.queryByTestId('command-line-change')).toBeNull();
    click('Switch to Streamable HTTP');
    const url = (await screen.findByLabelText('URL')) as HTMLInputElement;
    expect(url.value).toBe('https://mcp.example.com/mcp');
    // The work goes on in the URL field.
    await waitFor(() => expect(document.activeElement).toBe(url));
    expect(screen.queryByLabelText('Command')).toBeNull();
    expect(screen.getByTestId('server-form').dataset.transport).toBe('http');
    expect(screen.getByTestId('command-line-change').textContent).toContain('Switched to Streamable HTTP: the URL is now in the URL field.');
    await saveAnyway();
    await waitFor(() => expect(host.inputsOf('mcp.add')).toHaveLength(1));
    expect(host.inputsOf('mcp.add')[0]).toMatchObject({ type: 'http', config: { url: 'https://mcp.example.com/mcp' } });
    cleanup();

    // An /sse path goes to SSE; Undo puts the URL back into Command. Chinese and Japanese say the same.
    for (const language of ['zh', 'ja'] as const) {
      const tr = testI18n(language).getFixedT(language, 'settings/tools');
      await openForm(new FakeHost(), { mode: 'add' }, language);
      type(tr('form.fields.command'), 'http://127.0.0.1:3000/sse');
      expect((await screen.findByTestId('command-is-url')).textContent).toContain(tr('form.commandLine.isUrl'));
      click(tr('form.commandLine.switchTo', { transport: 'SSE' }));
      await waitFor(() => expect(screen.getByTestId('server-form').dataset.transport).toBe('sse'));
      expect(screen.getByTestId('command-line-change').textContent).toContain(tr('form.commandLine.switched', { transport: 'SSE' }));
      click(tr('form.commandLine.undo'));
      await waitFor(() => expect(screen.getByTestId('server-form').dataset.transport).toBe('stdio'));
      expect((screen.getByLabelText(tr('form.fields.command')) as HTMLInputElement).value).toBe('http://127.0.0.1:3000/sse');
      cleanup();
    }
  });

  it('marks what the shared schema refuses before anything is sent', async () => {
    const host = new FakeHost();
    await openForm(host);
    click('Save');
    await waitFor(() => expect(fieldError('Name')).toBe('Give the server a name'));
    expect(fieldError('Command')).toBe('Required for stdio');

    fireEvent.click(screen.getByLabelText('SSE'));
    await screen.findByLabelText('URL');
    type('URL', 'ws://wrong.example/sse');
    click('Test');
    await waitFor(() => expect(fieldError('URL')).toBe('Use a URL that starts with one of: http://, https://'));
    expect(host.callCount('mcp.add')).toBe(0);
    expect(host.callCount('mcp.test')).toBe(0);
  });

  it('puts the host’s issues on their fields (env and args rows too) and lists the rest', async () => {
    const host = new FakeHost();
    host.failures.set('mcp.add', [
      {
        code: 'VALIDATION_FAILED',
        message: 'Invalid input for mcp.add',
        data: {
          route: 'mcp.add',
          issues: [
            { path: 'config.env.API_KEY', message: 'Too long' },
            { path: 'config.args.1', message: 'Not allowed here' },
            { path: 'config.transport', message: 'Unknown transport hint' },
          ],
        },
      },
      { code: 'DUPLICATE_NAME', message: 'An MCP server named "files" already exists', data: { name: 'files' } },
    ]);
    await openForm(host);
    type('Name', 'files');
    fireEvent.paste(screen.getByLabelText('Command'), { clipboardData: { getData: () => 'npx -y pkg' } });
    click('Add variable');
    type('Variable name', 'API_KEY');
    type(/^Value/, 'x'.repeat(10));
    await saveAnyway();

    const envRow = await screen.findByTestId('env-row');
    await waitFor(() => expect(envRow.textContent).toContain('Too long'));
    expect(screen.getAllByTestId('arg-row')[1]!.closest('.ant-form-item')?.textContent ?? screen.getByTestId('args-list').textContent).toContain('Not allowed here');
    const unplaced = screen.getByTestId('form-unplaced');
    expect(unplaced.textContent).toContain('config.transport');
    expect(unplaced.textContent).toContain('Unknown transport hint');

    await saveAnyway();
    await waitFor(() => expect(fieldError('Name')).toBe('A server named “files” already exists'));
  });

  it('says which limit a value is over, in the person’s language, from its own check and from the host’s', async () => {
    const host = new FakeHost();
    await openForm(host);
    // The name field stops at its limit as it is typed; a pasted command is judged when saved.
    expect(screen.getByLabelText('Name').getAttribute('maxlength')).toBe('200');
    type('Name', 'long');
    type('Command', 'c'.repeat(5000));
    click('Save');
    await waitFor(() => expect(fieldError('Command')).toBe('Over the limit: at most 4,096 characters (this has 5,000)'));
    expect(host.callCount('mcp.add')).toBe(0);
    cleanup();

    // What only the host can judge (another writer's limits, a merged record) arrives as an issue with its facts.
    const limit = { name: 'serverName', max: 200, got: 5_242_880, unit: 'characters' };
    host.failures.set('mcp.add', [
      {
        code: 'VALIDATION_FAILED',
        message: 'Invalid input for mcp.add',
        data: { route: 'mcp.add', issues: [{ path: 'name', message: 'at most 200 characters (got 5,242,880)', limit }] },
      },
    ]);
    await openForm(host, { mode: 'add' }, 'ja');
    type('名前', 'files');
    type('コマンド', 'node');
    fireEvent.click(screen.getByTestId('form-save'));
    fireEvent.click(await screen.findByTestId('form-save-anyway'));
    await waitFor(() => expect(fieldError('名前')).toBe('上限を超えています：200 文字まで（現在 5,242,880 文字）'));
  });

  it('checks env rows: a value without a name and a name given twice', async () => {
    const host = new FakeHost();
    await openForm(host);
    type('Name', 'x');
    type('Command', 'node');
    click('Add variable');
    click('Add variable');
    click('Add variable');
    const rows = screen.getAllByTestId('env-row');
    // Each new row takes the focus in its name field, where the person types next.
    expect(document.activeElement).toBe(within(rows[2]!).getByLabelText('Variable name'));
    click('Add argument');
    expect(document.activeElement).toBe(screen.getByLabelText('Argument 1'));
    fireEvent.change(within(rows[0]!).getByLabelText('Variable name'), { target: { value: 'TOKEN' } });
    fireEvent.change(within(rows[1]!).getByLabelText('Variable name'), { target: { value: 'TOKEN' } });
    fireEvent.change(within(rows[2]!).getAllByLabelText('Value')[0]!, { target: { value: 'orphan' } });
    click('Save');
    await waitFor(() => expect(rows[1]!.textContent).toContain('“TOKEN” is already set above'));
    expect(rows[2]!.textContent).toContain('Give this value a name');
    expect(host.callCount('mcp.add')).toBe(0);
  });

  describe('editing', () => {
    // As mcp.list sends it: env value and the credential argument masked.
    const stored = server({
      name: 'github',
      type: 'stdio',
      config: { command: 'npx', args: ['-y', 'gh-server', '--token', '***'], env: { GITHUB_TOKEN: '***' }, transport: 'stdio', timeoutMs: 90_000 },
      disabledTools: ['delete_repo'],
      disabledAutoApproveTools: ['push'],
      isTrusted: true,
      installSource: 'builtin',
      keyLink: { providerId: 'zai', presetId: 'zai-vision' },
    });
    const real = { args: ['-y', 'gh-server', '--token', 'tok-real-42'], env: { GITHUB_TOKEN: 'ghp_real_secret' } };

    const editHost = () => {
      const host = new FakeHost();
      host.servers = [structuredClone(stored)];
      host.secrets.set(stored.id, structuredClone(real));
      host.handle('mcp.update', () => ({ success: true }));
      return host;
    };

    it('sends only the keys that changed, so fields the form does not show stay', async () => {
      const host = editHost();
      await openForm(host, { mode: 'edit', serverId: stored.id });
      expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('github');
      expect((screen.getByLabelText('Tool-call timeout') as HTMLInputElement).value).toBe('90');
      type('Name', 'github-main');
      // A new name connects to the same program as before: nothing to test, so nothing is asked.
      click('Save');
      await waitFor(() => expect(host.inputsOf('mcp.update')).toHaveLength(1));
      expect(document.querySelector('.ant-modal')).toBeNull();
      expect(host.inputsOf('mcp.update')[0]).toEqual({ id: stored.id, updates: { name: 'github-main' } });
      expect(host.callCount('mcp.reveal_secrets')).toBe(0);
    });

    it('sends the config with its masks and unseen keys when part of it changed', async () => {
      const host = editHost();
      await openForm(host, { mode: 'edit', serverId: stored.id });
      type('Argument 2', 'gh-server@2');
      await saveAnyway();
      await waitFor(() => expect(host.inputsOf('mcp.update')).toHaveLength(1));
      // The router's restoreMaskedSecrets turns the untouched masks back into the stored values.
      expect(host.inputsOf('mcp.update')[0]).toEqual({
        id: stored.id,
        updates: { config: { command: 'npx', args: ['-y', 'gh-server@2', '--token', '***'], env: { GITHUB_TOKEN: '***' }, transport: 'stdio', timeoutMs: 90_000 } },
      });
    });

    it('tests with the real secrets, not the masks', async () => {
      const host = editHost();
      host.handle('mcp.test', () => PASSED);
      await openForm(host, { mode: 'edit', serverId: stored.id });
      click('Test');
      await screen.findByTestId('test-passed');
      const sent = host.inputsOf('mcp.test')[0] as { server: McpServerRecord };
      expect(sent.server.config.env).toEqual({ GITHUB_TOKEN: 'ghp_real_secret' });
      expect(sent.server.config.args).toEqual(real.args);
      expect(sent.server.disabledTools).toEqual(['delete_repo']);
    });

    it('shows a masked value for real when its eye is pressed', async () => {
      const host = editHost();
      await openForm(host, { mode: 'edit', serverId: stored.id });
      const value = screen.getByLabelText('Value of GITHUB_TOKEN') as HTMLInputElement;
      expect(value.type).toBe('password');
      expect(value.value).toBe('***');
      fireEvent.click(screen.getByTestId('env-row').querySelector('.ant-input-password-icon')!);
      await waitFor(() => expect((screen.getByLabelText('Value of GITHUB_TOKEN') as HTMLInputElement).value).toBe('ghp_real_secret'));
      await waitFor(() => expect((screen.getByLabelText('Value of GITHUB_TOKEN') as HTMLInputElement).type).toBe('text'));
    });
  });

  it('duplicates with a "(copy)" name and the real secret values', async () => {
    const host = new FakeHost();
    host.servers = [server({ name: 'db', type: 'stdio', config: { command: 'pg-mcp', env: { PGPASSWORD: '***' } }, disabledTools: ['drop'] })];
    host.secrets.set('id-db', { env: { PGPASSWORD: 'pw-real-1' } });
    host.handle('mcp.add', () => ({ success: true }));
    await openForm(host, { mode: 'duplicate', serverId: 'id-db' });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('db (copy)');
    await saveAnyway();
    await waitFor(() => expect(host.inputsOf('mcp.add')).toHaveLength(1));
    expect(host.inputsOf('mcp.add')[0]).toEqual({
      name: 'db (copy)',
      type: 'stdio',
      scope: 'user',
      isActive: true,
      config: { command: 'pg-mcp', env: { PGPASSWORD: 'pw-real-1' } },
      disabledTools: ['drop'],
    });
  });

  it('shows a failed test stage by stage, with the reason and the stderr, and asks before saving it', async () => {
    const host = new FakeHost();
    host.handle('mcp.test', () => FAILED);
    host.handle('mcp.add', () => ({ success: true }));
    await openForm(host);
    type('Name', 'broken');
    type('Command', 'node');
    click('Test');
    const failed = await screen.findByTestId('test-failed');
    const stages = screen.getAllByTestId('test-stage').map((s) => `${s.getAttribute('data-stage')}:${s.getAttribute('data-state')}`);
    expect(stages).toEqual(['connect:passed', 'initialize:failed', 'list_tools:skipped']);
    expect(screen.getAllByTestId('test-stage')[0]!.textContent).toContain('Start the program');
    expect(screen.getAllByTestId('stage-duration').map((d) => d.textContent)).toEqual(['12 ms', '30 ms']);
    expect(failed.textContent).toContain('The test stopped at “Initialize (MCP handshake)”');
    expect(failed.textContent).toContain('The connection to the MCP server was closed.');
    expect(screen.getByTestId('test-stderr').textContent).toContain('FIXTURE_API_KEY is not set');
    expect(host.inputsOf('mcp.test')[0]).toEqual({ server: { name: 'broken', type: 'stdio', scope: 'user', isActive: true, config: { command: 'node' } } });

    click('Save');
    const confirm = await dialog('Save a server that failed its test?');
    expect(confirm.textContent).toContain('Initialize (MCP handshake)');
    expect(host.callCount('mcp.add')).toBe(0);
    fireEvent.click(button('Save anyway', confirm));
    await waitFor(() => expect(host.callCount('mcp.add')).toBe(1));
  });

  it('saves a server that passed its test without asking, and says how many tools it has', async () => {
    const host = new FakeHost();
    host.handle('mcp.test', () => PASSED);
    host.handle('mcp.add', () => ({ success: true }));
    await openForm(host);
    type('Name', 'fixture');
    type('Command', 'node');
    click('Test');
    await screen.findByTestId('test-passed');
    expect(screen.getByTestId('test-passed').textContent).toContain('Connected to fixture 1.0.0: 2 tools');
    click('Save');
    await waitFor(() => expect(host.callCount('mcp.add')).toBe(1));
    expect(await screen.findByText('“fixture” was added with 2 tools')).toBeTruthy();
    expect(document.querySelector('.ant-modal')).toBeNull();
  });

  it('shows the first twelve tools a test found and the rest behind "+N more", a button a key reaches', async () => {
    const tools = Array.from({ length: 15 }, (_, i) => `tool_${i + 1}`);
    const host = new FakeHost();
    host.handle('mcp.test', () => ({ ...PASSED, tools }));
    await openForm(host);
    type('Name', 'many');
    type('Command', 'node');
    click('Test');
    const passed = await screen.findByTestId('test-passed');
    expect(passed.textContent).toContain('tool_12');
    expect(passed.textContent).not.toContain('tool_13');
    const more = within(passed).getByRole('button', { name: '+3 more' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(passed.textContent).toContain('tool_15'));
    expect(within(passed).queryByRole('button', { name: '+3 more' })).toBeNull();
  });

  it('treats a test as stale once the form changes, and offers to test first', async () => {
    const host = new FakeHost();
    host.handle('mcp.test', () => PASSED);
    host.handle('mcp.add', () => ({ success: true }));
    await openForm(host);
    type('Name', 'fixture');
    type('Command', 'node');
    click('Test');
    await screen.findByTestId('test-passed');
    type('Command', 'node2');
    expect(await screen.findByText('The settings changed after this test; test again to check them.')).toBeTruthy();
    click('Save');
    const confirm = await dialog('Save without testing?');
    await act(async () => fireEvent.click(button('Test first', confirm)));
    await waitFor(() => expect(host.callCount('mcp.add')).toBe(1));
    expect(host.inputsOf('mcp.test')).toHaveLength(2);
  });

  describe('closing and saving lose nothing and ask only what matters', () => {
    const drawerOpen = () => document.querySelector('[data-testid="server-form-drawer"]')?.closest('.ant-drawer-open') !== null;
    const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

    it('keeps what was typed when Cancel closes the form, continues it on reopening, and starts over on request', async () => {
      const host = new FakeHost();
      await openForm(host);
      type('Name', 'half-done');
      type('Command', 'node');
      click('Cancel');
      // Closed at once, nothing asked, and told where the typing went.
      expect(await screen.findByText('Your changes are kept: open this form again to continue where you left off.')).toBeTruthy();
      expect(document.querySelector('.ant-modal')).toBeNull();
      await waitFor(() => expect(screen.queryByTestId('server-form')).toBeNull());

      fireEvent.click(screen.getByText('open form'));
      await screen.findByTestId('server-form');
      expect(value('Name')).toBe('half-done');
      expect(value('Command')).toBe('node');
      expect(screen.getByTestId('form-draft').textContent).toContain('Restored what you typed');

      click('Start over');
      await waitFor(() => expect(value('Name')).toBe(''));
      expect(value('Command')).toBe('');
      expect(screen.queryByTestId('form-draft')).toBeNull();
      // Closing an untouched form leaves no draft behind.
      click('Cancel');
      await waitFor(() => expect(screen.queryByTestId('server-form')).toBeNull());
      fireEvent.click(screen.getByText('open form'));
      await screen.findByTestId('server-form');
      expect(value('Name')).toBe('');
      expect(screen.queryByTestId('form-draft')).toBeNull();
      expect(drawerOpen()).toBe(true);
    });

    it('saves without asking after a passing test when the values were changed and changed back', async () => {
      const host = new FakeHost();
      host.handle('mcp.test', () => PASSED);
      host.handle('mcp.add', () => ({ success: true }));
      await openForm(host);
      type('Name', 'fixture');
      type('Command', 'node');
      click('Test');
      await screen.findByTestId('test-passed');
      type('Command', 'node2');
      expect(await screen.findByText('The settings changed after this test; test again to check them.')).toBeTruthy();
      type('Command', 'node');
      await waitFor(() => expect(screen.queryByText('The settings changed after this test; test again to check them.')).toBeNull());
      click('Save');
      await waitFor(() => expect(host.callCount('mcp.add')).toBe(1));
      expect(document.querySelector('.ant-modal')).toBeNull();
      expect(host.callCount('mcp.test')).toBe(1);
    });

    it('puts the focus on Test first, not on the ×, when it does ask', async () => {
      const host = new FakeHost();
      await openForm(host);
      type('Name', 'untested');
      type('Command', 'node');
      click('Save');
      const confirm = await dialog('Save without testing?');
      await waitFor(() => expect(document.activeElement).toBe(button('Test first', confirm)));
      // Esc answers the question only: the form stays open with what was typed.
      fireEvent.keyDown(document.activeElement!, { key: 'Escape', code: 'Escape', keyCode: 27 });
      await waitFor(() => expect(document.querySelector('.ant-modal-wrap')?.getAttribute('style') ?? '').toContain('display: none'));
      expect(screen.getByTestId('server-form')).toBeTruthy();
      expect(drawerOpen()).toBe(true);
    });
  });

  describe('a machine client (OAuth client credentials)', () => {
    const PEM = '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----';
    async function machineForm(host: FakeHost) {
      await openForm(host);
      fireEvent.click(screen.getByLabelText('Streamable HTTP'));
      await screen.findByLabelText('URL');
      type('Name', 'm2m');
      type('URL', 'https://mcp.example/mcp');
    }

    it('asks for what the grant needs, on its fields, before anything is sent', async () => {
      const host = new FakeHost();
      await machineForm(host);
      // A browser sign-in is the default, and needs nothing here.
      expect((screen.getByLabelText('A person signs in') as HTMLInputElement).checked).toBe(true);
      fireEvent.click(screen.getByLabelText('Machine client (no browser)'));
      expect(await screen.findByText(/No browser opens/)).toBeTruthy();
      click('Save');
      await waitFor(() => expect(fieldError('Client ID')).toBe('A machine client needs its client ID.'));
      expect(fieldError('Client secret')).toBe('Enter the client secret, or choose a private key.');
      expect(host.callCount('mcp.add')).toBe(0);
    });

    it('sends the private key and its algorithm, and not a secret typed before choosing the key', async () => {
      const host = new FakeHost();
      await machineForm(host);
      fireEvent.click(screen.getByLabelText('Machine client (no browser)'));
      await screen.findByText(/No browser opens/);
      type('Client ID', 'svc-1');
      type('Client secret', 'typed-first');
      fireEvent.click(await screen.findByLabelText('A private key (private_key_jwt)'));
      await screen.findByLabelText('Private key (PEM)');
      type('Private key (PEM)', PEM);
      expect(screen.getByLabelText('Algorithm').closest('.ant-select')?.textContent).toBe('ES256');
      await saveAnyway();
      await waitFor(() => expect(host.inputsOf('mcp.add')).toHaveLength(1));
      const sent = host.inputsOf('mcp.add')[0] as { config: McpServerRecord['config'] };
      expect(sent.config.oauth).toEqual({ grant: 'client_credentials', clientId: 'svc-1', privateKey: PEM, signingAlg: 'ES256' });
    });

    it('opens an edit on the stored grant and way of authenticating, the key masked, and keeps the mask for the router to restore', async () => {
      const host = new FakeHost();
      const stored = server({ name: 'm2m', type: 'http', config: { url: 'https://mcp.example/mcp', oauth: { grant: 'client_credentials', clientId: 'svc-1', privateKey: '***', signingAlg: 'RS256' } } });
      host.servers = [stored];
      host.handle('mcp.update', () => ({ success: true }));
      await openForm(host, { mode: 'edit', serverId: stored.id });
      expect((screen.getByLabelText('Machine client (no browser)') as HTMLInputElement).checked).toBe(true);
      expect((screen.getByLabelText('A private key (private_key_jwt)') as HTMLInputElement).checked).toBe(true);
      expect((screen.getByLabelText('Private key (PEM)') as HTMLTextAreaElement).value).toBe('***');
      expect(screen.getByLabelText('Algorithm').closest('.ant-select')?.textContent).toBe('RS256');
      type('URL', 'https://mcp.example/v2/mcp');
      await saveAnyway();
      await waitFor(() => expect(host.inputsOf('mcp.update')).toHaveLength(1));
      expect(host.inputsOf('mcp.update')[0]).toEqual({
        id: stored.id,
        updates: { config: { url: 'https://mcp.example/v2/mcp', oauth: { grant: 'client_credentials', clientId: 'svc-1', privateKey: '***', signingAlg: 'RS256' } } },
      });
    });

    it('is translated', async () => {
      await openForm(new FakeHost(), { mode: 'add' }, 'zh');
      fireEvent.click(screen.getByLabelText('Streamable HTTP'));
      fireEvent.click(await screen.findByLabelText('机器客户端（无浏览器）'));
      expect(await screen.findByText(/不会打开浏览器/)).toBeTruthy();
      expect(screen.getByLabelText('使用私钥（private_key_jwt）')).toBeTruthy();
    });
  });

  it('is translated', async () => {
    const host = new FakeHost();
    await openForm(host, { mode: 'add' }, 'zh');
    expect(screen.getByText('添加 MCP 服务器')).toBeTruthy();
    expect(screen.getByLabelText('命令')).toBeTruthy();
    cleanup();
    await openForm(host, { mode: 'add' }, 'ja');
    expect(screen.getByText('MCP サーバーを追加')).toBeTruthy();
    expect(screen.getByLabelText('コマンド')).toBeTruthy();
  });
});
