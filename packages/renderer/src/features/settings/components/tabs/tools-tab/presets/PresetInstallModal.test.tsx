import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PresetInstallResult, PresetInstallStep, PresetListItem } from '@shared/contracts/presets';
import type { LlmProvider } from '@shared/contracts/providers';
import { afterEach, describe, expect, it } from 'vitest';
import { server, type FakeHost } from '@renderer-testing/FakeHost';
import { SLOW, galleryHost, preset, renderGallery } from '@renderer-testing/galleryTestkit';

afterEach(cleanup);

/** fireEvent, not userEvent: these journeys click a lot, and userEvent's pointer simulation makes them minutes long here. */
const click = async (element: Element) => {
  await act(async () => {
    fireEvent.click(element);
  });
};

const KEY = 'sk-brave-secret-4711';

/** The whole dialog, footer buttons included (found by its body: a document-wide role query is slow). */
const dialog = () => screen.getByTestId('preset-install').closest<HTMLElement>('.ant-modal')!;
const stepEl = (step: string) => dialog().querySelector<HTMLElement>(`[data-testid="install-step"][data-step="${step}"]`)!;
const stateOf = (step: string) => stepEl(step).dataset.state;
const progress = (host: FakeHost, presetId: string, step: PresetInstallStep) =>
  act(() => host.emit({ event: 'presets.install_progress', payload: { presetId, step } }));

async function openInstall(host: FakeHost, items: PresetListItem[], name: string) {
  renderGallery(host);
  await click(await screen.findByRole('button', { name: `Install ${name}` }, SLOW));
  return screen.findByTestId('preset-install', undefined, SLOW);
}

/** A presets.install answer the test settles by hand, so it can send the progress events in between. */
function deferredInstall(host: FakeHost) {
  let settle: (result: PresetInstallResult) => void = () => {};
  host.handle('presets.install', () => new Promise<PresetInstallResult>((resolve) => (settle = resolve)));
  return { settle: (result: PresetInstallResult) => act(() => settle(result)) };
}

const braveServer = server({ id: 'srv-brave', name: 'Brave Search', type: 'stdio', config: { command: 'npx', env: { BRAVE_API_KEY: '***' } }, installSource: 'builtin' });

// Whole journeys through an antd modal: slow to render on a shared machine, so a longer bound.
describe('PresetInstallModal', { timeout: 120_000 }, () => {
  it('asks for the missing key, shows each step as it happens, and offers the fixes when connecting fails', async () => {
    const items: PresetListItem[] = [{ preset: preset('brave-search'), installed: false }];
    const host = galleryHost(items);
    const install = deferredInstall(host);
    await openInstall(host, items, 'Brave Search');

    // Nothing is sent without the key the preset requires.
    await click(within(dialog()).getByRole('button', { name: 'Install' }));
    expect(await within(dialog()).findByText('Enter the API key, or choose a saved provider key.', undefined, SLOW)).toBeTruthy();
    expect(host.callCount('presets.install')).toBe(0);

    const keyInput = within(dialog()).getByLabelText('API key');
    // Masked, with no way to show it in clear.
    expect(keyInput.getAttribute('type')).toBe('password');
    expect(dialog().textContent).toContain('Passed to the server as BRAVE_API_KEY.');
    fireEvent.change(keyInput, { target: { value: KEY } });
    await click(within(dialog()).getByRole('button', { name: 'Install' }));
    await waitFor(() => expect(host.inputsOf('presets.install')).toEqual([{ presetId: 'brave-search', apiKey: KEY }]), SLOW);

    // Each step as the host reports it: the next one runs, the reported one is done with its time.
    await waitFor(() => expect(stateOf('key')).toBe('running'), SLOW);
    expect(stateOf('connect')).toBe('pending');
    await progress(host, 'brave-search', { step: 'key', status: 'done', message: 'Using the API key given' });
    expect(stateOf('key')).toBe('done');
    expect(stepEl('key').textContent).toMatch(/\d+\.\d s/);
    expect(stateOf('dependency')).toBe('running');
    // Another install's events (the CLI) are not this one's.
    await progress(host, 'tavily', { step: 'dependency', status: 'failed', message: 'x', code: 'DEPS_MISSING' });
    expect(stateOf('dependency')).toBe('running');
    await progress(host, 'brave-search', { step: 'dependency', status: 'done', message: 'Found npx at /usr/bin/npx' });
    await progress(host, 'brave-search', { step: 'add', status: 'done', message: 'Added the server Brave Search' });
    expect(stateOf('connect')).toBe('running');
    const connectFailed: PresetInstallStep = { step: 'connect', status: 'failed', message: 'connect ECONNREFUSED', code: 'MCP_CONNECT_FAILED', fix: 'English fix' };
    const toolsSkipped: PresetInstallStep = { step: 'tools', status: 'skipped', message: 'Not listed' };
    await progress(host, 'brave-search', connectFailed);
    await progress(host, 'brave-search', toolsSkipped);
    await install.settle({
      presetId: 'brave-search',
      ok: false,
      steps: [
        { step: 'key', status: 'done', message: 'Using the API key given' },
        { step: 'dependency', status: 'done', message: 'Found npx' },
        { step: 'add', status: 'done', message: 'Added' },
        connectFailed,
        toolsSkipped,
      ],
      server: braveServer,
      tools: [],
      keySource: 'input',
    });

    // What the person sees: the reason in words, what to do, and the buttons that do it.
    const failure = within(stepEl('connect')).getByTestId('install-failure');
    expect(stateOf('connect')).toBe('failed');
    expect(within(failure).getByRole('alert').textContent).toContain('Could not connect to the MCP server.');
    expect(within(failure).getByTestId('install-fix').textContent).toBe("Check the network connection and the API key, then retry. The server's log says more.");
    expect(failure.textContent).not.toContain('English fix');
    for (const name of ['Edit key', 'Open logs', 'Retry']) expect(within(failure).getByRole('button', { name })).toBeTruthy();
    expect(stateOf('tools')).toBe('skipped');
    expect(dialog().textContent).toContain('Brave Search was added, but a step failed.');
    expect(stepEl('key').textContent).toContain('Using the key you entered');
    // The key is never shown again: not in the steps, not left in the form.
    expect(document.body.innerHTML).not.toContain(KEY);

    // Retry reconnects the server that was added (installing again would say it exists) and lists its tools.
    host.handle('mcp.reconnect', ({ id }) => ({ id, state: 'connected' }));
    host.handle('mcp.list_tools', ({ id }) => [
      { id: 'mcp__brave__web', name: 'brave_web_search', description: '', inputSchema: { type: 'object' }, serverId: id, serverName: 'Brave Search' },
    ]);
    await click(within(failure).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(stateOf('tools')).toBe('done'), SLOW);
    expect(stateOf('connect')).toBe('done');
    expect(host.inputsOf('mcp.reconnect')).toEqual([{ id: 'srv-brave' }]);
    expect(host.callCount('presets.install')).toBe(1);
    expect(stepEl('tools').textContent).toContain('1 tool found: brave_web_search');
    expect(dialog().textContent).toContain('Brave Search is installed and connected.');
  });

  it('after a failed connect, "Open logs" and "Edit key" open that server', async () => {
    const items: PresetListItem[] = [{ preset: preset('brave-search'), installed: false }];
    const host = galleryHost(items).handle('presets.install', () => ({
      presetId: 'brave-search',
      ok: false,
      steps: [{ step: 'connect', status: 'failed', message: 'HTTP 401', code: 'UNAUTHORIZED' }],
      server: braveServer,
      tools: [],
      keySource: 'input',
    }));
    await openInstall(host, items, 'Brave Search');
    fireEvent.change(within(dialog()).getByLabelText('API key'), { target: { value: KEY } });
    await click(within(dialog()).getByRole('button', { name: 'Install' }));
    const failure = await within(dialog()).findByTestId('install-failure', undefined, SLOW);
    expect(within(failure).getByTestId('install-fix').textContent).toBe("The server refused the key: edit the key in the server's settings, then retry.");
    await click(within(failure).getByRole('button', { name: 'Open logs' }));
    expect(screen.getByTestId('nav-detail').textContent).toBe('srv-brave:logs');
  });

  it('does not send an install that set no key to check one when connecting fails', async () => {
    const items: PresetListItem[] = [{ preset: preset('memory'), installed: false }];
    const memoryServer = server({ id: 'srv-memory', name: 'Memory', type: 'stdio', config: { command: 'npx' }, installSource: 'builtin' });
    const host = galleryHost(items).handle('presets.install', () => ({
      presetId: 'memory',
      ok: false,
      steps: [
        { step: 'key', status: 'skipped', message: 'No API key needed' },
        { step: 'dependency', status: 'done', message: 'Found npx' },
        { step: 'add', status: 'done', message: 'Added' },
        { step: 'connect', status: 'failed', message: 'Could not connect', code: 'MCP_CONNECT_FAILED' },
        { step: 'tools', status: 'skipped', message: 'Not listed' },
      ],
      server: memoryServer,
      tools: [],
      keySource: 'none',
    }));
    await openInstall(host, items, 'Memory');
    await click(within(dialog()).getByRole('button', { name: 'Install' }));
    const failure = await within(dialog()).findByTestId('install-failure', undefined, SLOW);
    expect(within(failure).getByTestId('install-fix').textContent).toBe("Check the network connection, then retry. The server's log says more.");
    expect(within(failure).queryByRole('button', { name: 'Edit key' })).toBeNull();
  });

  it('stops at a missing command before adding anything, installs it with its progress, and retries', async () => {
    const items: PresetListItem[] = [{ preset: preset('memory'), installed: false }];
    const host = galleryHost(items, { npx: false });
    let attempt = 0;
    host.handle('presets.install', () => {
      attempt += 1;
      const emit = (step: PresetInstallStep) => host.emit({ event: 'presets.install_progress', payload: { presetId: 'memory', step } });
      emit({ step: 'key', status: 'skipped', message: 'No API key needed' });
      if (attempt === 1) {
        emit({ step: 'dependency', status: 'failed', message: 'npx is required but is not installed', code: 'DEPS_MISSING' });
        throw { code: 'DEPS_MISSING', message: 'npx is required but is not installed', data: { command: 'npx', install: { kind: 'download-page', url: 'https://nodejs.org/' } } };
      }
      for (const step of ['dependency', 'add', 'connect', 'tools'] as const) emit({ step, status: 'done', message: step });
      return { presetId: 'memory', ok: true, steps: [], server: server({ id: 'srv-memory', name: 'Memory', type: 'stdio', config: { command: 'npx' } }), tools: ['read_graph'], keySource: 'none' };
    });
    host.handle('deps.install', ({ command }) => {
      host.emit({ event: 'deps.install_progress', payload: { command, phase: 'output', line: '==> Downloading node' } });
      host.emit({ event: 'deps.install_progress', payload: { command, phase: 'output', line: '==> Installed node 22' } });
      return {
        command,
        alreadyInstalled: false,
        action: { kind: 'package-manager', manager: 'brew', run: { file: 'brew', args: ['install', 'node'] }, url: 'https://nodejs.org/' },
        ran: { file: 'brew', args: ['install', 'node'], exitCode: 0 },
        check: { command, found: true, path: '/opt/homebrew/bin/npx', source: 'login-shell' },
        next: 'ready',
      };
    });
    await openInstall(host, items, 'Memory');
    // No key to ask for: the dialog says what will run, at which version, and that nothing needs setting.
    expect(within(dialog()).queryByLabelText('API key')).toBeNull();
    expect(within(dialog()).getByTestId('preset-runs-target').textContent).toBe('npx -y @modelcontextprotocol/server-memory@2026.8.31');
    expect(within(dialog()).getByTestId('preset-runs-version').textContent).toContain('@modelcontextprotocol/server-memory 2026.8.31');
    expect(within(dialog()).getByTestId('preset-install-nothing').textContent).toBe('Nothing to set up: Install adds the server and connects to it.');
    await click(within(dialog()).getByRole('button', { name: 'Install' }));

    const failure = await within(stepEl('dependency')).findByTestId('install-failure', undefined, SLOW);
    expect(stateOf('key')).toBe('skipped');
    expect(stateOf('add')).toBe('pending');
    expect(within(failure).getByRole('alert').textContent).toContain('“npx” is required but is not installed.');
    expect(within(failure).getByTestId('install-fix').textContent).toBe('Install npx, then retry.');
    // Nothing was added, so there is no server to open or log to read.
    expect(within(failure).queryByRole('button', { name: 'Open logs' })).toBeNull();

    await click(within(failure).getByRole('button', { name: 'Install npx' }));
    expect(await within(failure).findByText('npx is installed. Retry the install.', undefined, SLOW)).toBeTruthy();
    expect(failure.textContent).toContain('==> Installed node 22');
    expect(host.inputsOf('deps.install')).toEqual([{ command: 'npx' }]);

    await click(within(failure).getAllByRole('button', { name: 'Retry' })[0]!);
    await waitFor(() => expect(stateOf('tools')).toBe('done'), SLOW);
    expect(host.callCount('presets.install')).toBe(2);
    expect(dialog().textContent).toContain('Memory is installed and connected.');
  });

  it('explains a failed connect as the server list does: the exit code, the stage, the program’s own words', async () => {
    const items: PresetListItem[] = [{ preset: preset('memory'), installed: false }];
    const data = { stage: 'initialize', hint: 'exited', exitCode: 3, signal: null, transport: 'stdio', stderrTail: ['fixture: FIXTURE_API_KEY is not set'] };
    const host = galleryHost(items).handle('presets.install', () => ({
      presetId: 'memory',
      ok: false,
      steps: [{ step: 'connect', status: 'failed', message: 'MCP error -32000: Connection closed', code: 'MCP_CONNECT_FAILED', data }],
      server: server({ id: 'srv-memory', name: 'Memory', type: 'stdio', config: { command: 'npx' } }),
      tools: [],
      keySource: 'none',
    }));
    await openInstall(host, items, 'Memory');
    await click(within(dialog()).getByRole('button', { name: 'Install' }));
    const failure = await within(stepEl('connect')).findByTestId('install-failure', undefined, SLOW);
    expect(failure.dataset.hint).toBe('exited');
    const alert = within(failure).getByRole('alert');
    // Before: "Could not connect to the MCP server." and a fix about the network and the key.
    expect(alert.querySelector('.ant-alert-title')?.textContent).toBe('The program exited with code 3 before it answered. Its output usually says why.');
    expect(alert.textContent).toContain('fixture: FIXTURE_API_KEY is not set');
    expect(within(failure).getByTestId('install-failure-stage').textContent).toBe('Failed at: MCP handshake');
    expect(within(failure).queryByTestId('install-fix')).toBeNull();
  });

  it('while npx downloads the package, the connect step says so, and the dialog may be closed: the install goes on', async () => {
    const items: PresetListItem[] = [{ preset: preset('memory'), installed: false }];
    const host = galleryHost(items);
    const install = deferredInstall(host);
    await openInstall(host, items, 'Memory');
    await click(within(dialog()).getByRole('button', { name: 'Install' }));
    await progress(host, 'memory', { step: 'key', status: 'skipped', message: 'No API key needed' });
    await progress(host, 'memory', { step: 'dependency', status: 'done', message: 'Found npx' });
    const downloading = { state: 'connecting' as const, phase: 'downloading' as const, download: { package: '@modelcontextprotocol/server-memory', version: '2026.8.31' } };
    // As the host sends them: adding the server starts its connect, so the download is announced
    // before the add step that names the server.
    await act(() => {
      host.emit({ event: 'mcp.connection_state', payload: { serverId: 'srv-memory', ...downloading } });
      // Another server's download is not this install's.
      host.emit({ event: 'mcp.connection_state', payload: { serverId: 'srv-other', ...downloading, download: { package: 'other-pkg' } } });
      host.emit({ event: 'presets.install_progress', payload: { presetId: 'memory', step: { step: 'add', status: 'done', message: 'Added', serverId: 'srv-memory' } } });
    });
    expect(stepEl('connect').textContent).not.toContain('other-pkg');
    expect(stepEl('connect').textContent).toContain('npx is downloading @modelcontextprotocol/server-memory@2026.8.31');
    expect(dialog().textContent).toContain('You can close this dialog: the install goes on');

    // The footer's Close (the × is named Close too, and is there as well).
    const close = within(dialog().querySelector<HTMLElement>('.ant-modal-footer')!).getByRole('button', { name: 'Close' });
    expect(dialog().querySelector('.ant-modal-close')).not.toBeNull();
    expect((close as HTMLButtonElement).disabled).toBe(false);
    await click(close);
    await waitFor(() => expect(screen.queryByTestId('preset-install')).toBeNull(), SLOW);
    expect(await screen.findByText('Installing Memory goes on; the server list shows how it ends.', undefined, SLOW)).toBeTruthy();
    // The answer arriving after the dialog closed changes nothing on screen and throws nothing.
    await install.settle({ presetId: 'memory', ok: true, steps: [], server: server({ id: 'srv-memory', name: 'Memory', type: 'stdio', config: { command: 'npx' } }), tools: [], keySource: 'none' });
  });

  it('uses a saved provider key by default, and a typed key with the chosen service variant otherwise', async () => {
    const items: PresetListItem[] = [{ preset: preset('zai-vision'), installed: false, keyAvailableFrom: 'zai' }];
    const providers: LlmProvider[] = [
      { id: 'zai', name: 'Z.AI', hasKey: true, keyMask: '***' },
      { id: 'zhipu', name: 'Zhipu AI', hasKey: true, keyMask: '***' },
      { id: 'openai', name: 'OpenAI', hasKey: true, keyMask: '***' },
    ];
    const host = galleryHost(items).handle('providers.list', () => providers);
    host.failures.set('presets.install', [{ code: 'PRESET_ALREADY_INSTALLED', message: 'x', data: { presetName: 'Z.AI Vision', serverName: 'Z.AI Vision', serverId: 'srv-zv' } }]);
    await openInstall(host, items, 'Z.AI Vision');

    const saved = await within(dialog()).findByRole('radio', { name: 'Use my saved Z.AI key' }, SLOW);
    expect((saved as HTMLInputElement).checked).toBe(true);
    expect(within(dialog()).getByRole('radio', { name: 'Use my saved Zhipu AI key' })).toBeTruthy();
    // OpenAI has a key but this preset is not linked to it.
    expect(within(dialog()).queryByRole('radio', { name: /OpenAI/ })).toBeNull();
    expect(dialog().textContent).toContain('Sets Z_AI_MODE=ZAI.');
    await click(within(dialog()).getByRole('button', { name: 'Install' }));
    await waitFor(() => expect(host.inputsOf('presets.install')).toEqual([{ presetId: 'zai-vision', keyFrom: 'zai' }]), SLOW);
    // Installed already (by the CLI, say): it says so and opens that server instead.
    expect((await within(dialog()).findByRole('alert', undefined, SLOW)).textContent).toContain('“Z.AI Vision” is already installed as the server “Z.AI Vision”.');

    await click(within(dialog()).getByRole('radio', { name: 'Enter a key' }));
    fireEvent.change(within(dialog()).getByLabelText('API key'), { target: { value: 'zk-typed-1' } });
    fireEvent.mouseDown(within(dialog()).getByRole('combobox', { name: 'Service' }));
    await click(await screen.findByText('Zhipu AI · Z_AI_MODE=ZHIPU', undefined, SLOW));
    host.handle('presets.install', () => new Promise(() => {}));
    await click(within(dialog()).getByRole('button', { name: 'Install' }));
    await waitFor(() => expect(host.inputsOf('presets.install')[1]).toEqual({ presetId: 'zai-vision', apiKey: 'zk-typed-1', keyFrom: 'zhipu' }), SLOW);
  });
});
