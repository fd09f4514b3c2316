import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@renderer-testing/userEvent';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpImportPreviewEntry } from '@shared/contracts/mcp-import';
import { FakeHost, server } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import { ToolsTab } from '../ToolsTab';

afterEach(cleanup);

const ENTRIES: McpImportPreviewEntry[] = [
  { key: 'files', ok: true, type: 'stdio', command: 'npx', args: ['-y', '@org/fs', '--token=***'], envKeys: ['API_KEY'], isActive: true, issues: [], ignoredKeys: [] },
  { key: 'broken', ok: false, issues: [{ path: 'url', message: 'An sse server needs a url', reason: 'missing' as const }], ignoredKeys: [] },
  {
    key: 'web',
    ok: true,
    type: 'http',
    url: 'https://h/mcp',
    isActive: true,
    issues: [],
    ignoredKeys: [],
    conflict: { kind: 'existing', name: 'web', id: 'id-web' },
    suggestedName: 'web-2',
  },
];

function setup() {
  const host = new FakeHost();
  host.servers = [server({ name: 'web', type: 'http', config: { url: 'https://h/mcp' } }), server({ name: 'taken', type: 'stdio', config: { command: 'x' } })];
  host.handle('mcp.find_local_configs', () => ({ files: [], offerDismissed: true }));
  host.handle('mcp.import_preview', (input) => {
    if (input.json?.startsWith('{\n  "a"')) throw { code: 'IMPORT_INVALID_JSON', message: 'bad', data: { line: 3, column: 3, reason: 'expected_comma_or_brace' } };
    return { entries: ENTRIES };
  });
  host.handle('mcp.import', () => ({
    results: [
      { key: 'files', outcome: 'added', name: 'files', id: 'id-files' },
      { key: 'broken', outcome: 'invalid', message: 'config.url: An sse server needs a url', issues: [{ path: 'url', message: 'An sse server needs a url', reason: 'missing' as const }] },
      { key: 'web', outcome: 'renamed', name: 'web (work)', id: 'id-web2' },
    ],
  }));
  renderWithProviders(<ToolsTab />, host);
  return host;
}

async function openAndPaste(text: string) {
  await userEvent.click(await screen.findByTestId('open-import'));
  const area = await screen.findByTestId('import-json');
  fireEvent.change(area, { target: { value: text } });
  await userEvent.click(screen.getByTestId('import-preview-button'));
}

const row = (key: string) => document.querySelector<HTMLElement>(`[data-entry="${key}"]`)!;

describe('ImportDialog', { timeout: 120_000 }, () => {
  it('previews each entry (transport, target, problems, duplicates) before adding anything, then imports the choices', async () => {
    const host = setup();
    await openAndPaste('{"mcpServers": {}}');
    await screen.findByTestId('import-preview');
    expect(screen.getByTestId('import-summary').textContent).toBe('3 entries · 1 ready · 1 with problems · 1 already exist');
    expect(row('files').textContent).toContain('stdio');
    expect(within(row('files')).getByTestId('import-entry-target').textContent).toBe("npx -y @org/fs '--token=***'");
    expect(row('files').textContent).toContain('Env: API_KEY');
    expect(row('files').textContent).toContain('New');
    expect(row('broken').textContent).toContain('Cannot import');
    expect(within(row('broken')).getByTestId('import-entry-issues').textContent).toContain('url is missing');
    expect(row('web').textContent).toContain('Streamable HTTP');
    expect(row('web').textContent).toContain('A server named “web” exists already.');
    // Nothing was imported by previewing; skip is the default for the duplicate.
    expect(host.callCount('mcp.import')).toBe(0);
    expect(screen.getByTestId('import-submit').textContent).toBe('Import 1 server');

    // Rename: the suggestion is ready; a taken name blocks the import until it is changed.
    await userEvent.click(within(row('web')).getByText('Rename'));
    const name = within(row('web')).getByLabelText('New name for “web”') as HTMLInputElement;
    expect(name.value).toBe('web-2');
    fireEvent.change(name, { target: { value: 'Taken' } });
    expect(within(row('web')).getByRole('alert').textContent).toBe('This name is taken.');
    expect((screen.getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'web (work)' } });
    expect(screen.getByTestId('import-submit').textContent).toBe('Import 2 servers');
    await userEvent.click(screen.getByTestId('import-submit'));

    expect(host.inputsOf('mcp.import')).toEqual([{ json: '{"mcpServers": {}}', decisions: [{ key: 'web', action: 'rename', name: 'web (work)' }] }]);
    const result = await screen.findByTestId('import-result');
    expect(within(result).getByRole('status').textContent).toBe('Imported 2 of 3');
    expect(result.querySelector('[data-entry="files"]')?.textContent).toContain('Added');
    expect(result.querySelector('[data-entry="broken"]')?.textContent).toContain('Not imported: url is missing');
    expect(result.querySelector('[data-entry="web"]')?.textContent).toContain('Added as “web (work)”');
  });

  it('offers replace for a saved duplicate and sends it', async () => {
    const host = setup();
    await openAndPaste('{"x": {}}');
    await screen.findByTestId('import-preview');
    await userEvent.click(within(row('web')).getByText('Replace'));
    await userEvent.click(screen.getByTestId('import-submit'));
    await screen.findByTestId('import-result');
    expect(host.inputsOf('mcp.import')[0]).toMatchObject({ decisions: [{ key: 'web', action: 'replace' }] });
  });

  it('says which limit an entry is over, in the person’s language', async () => {
    const host = setup();
    const limit = { name: 'envCount', max: 1000, got: 10_000, unit: 'entries' } as const;
    host.handle('mcp.import_preview', () => ({
      entries: [{ key: 'crowded', ok: false, issues: [{ path: 'env', message: 'at most 1,000 entries (got 10,000)', reason: 'limit', limit }], ignoredKeys: [] }],
    }));
    await openAndPaste('{"mcpServers": {}}');
    await screen.findByTestId('import-preview');
    expect(within(row('crowded')).getByTestId('import-entry-issues').textContent).toContain('env is over the limit: at most 1,000 entries (this has 10,000)');
  });

  it('names the line and column of bad JSON, why, and shows the offending line', async () => {
    setup();
    await openAndPaste('{\n  "a": { "command": "x" }\n  "b": {}\n}');
    const alert = await screen.findByTestId('import-syntax-error');
    expect(alert.textContent).toContain('This is not valid JSON');
    expect(alert.textContent).toContain('Line 3, column 3: expected “,” or “}” — is a comma missing?');
    expect(within(alert).getByLabelText('Line 3').textContent).toBe('2 |   "a": { "command": "x" }\n3 |   "b": {}\n  |   ^');
    // The text stays as typed, to fix.
    expect((screen.getByTestId('import-json') as HTMLTextAreaElement).value).toContain('"b": {}');
  });

  it('translates the preview into Chinese', async () => {
    const host = new FakeHost();
    host.handle('mcp.find_local_configs', () => ({ files: [], offerDismissed: true }));
    host.handle('mcp.import_preview', () => ({ entries: ENTRIES }));
    renderWithProviders(<ToolsTab />, host, 'zh');
    await userEvent.click(await screen.findByTestId('open-import'));
    fireEvent.change(await screen.findByTestId('import-json'), { target: { value: '{}' } });
    await userEvent.click(screen.getByTestId('import-preview-button'));
    await screen.findByTestId('import-preview');
    expect(screen.getByTestId('import-summary').textContent).toBe('共 3 项 · 1 项可导入 · 1 项有问题 · 1 项已存在');
    expect(row('broken').textContent).toContain('无法导入');
    expect(row('broken').textContent).toContain('缺少 url');
  });
});

describe('Export', { timeout: 120_000 }, () => {
  it('exports all or chosen servers without secrets by default, in the chosen format', async () => {
    const host = new FakeHost();
    host.servers = [server({ name: 'a', type: 'stdio', config: { command: 'x' } }), server({ name: 'b', type: 'stdio', config: { command: 'y' } })];
    host.handle('mcp.find_local_configs', () => ({ files: [], offerDismissed: true }));
    host.handle('mcp.export', (input) => ({ json: JSON.stringify({ input }) }));
    renderWithProviders(<ToolsTab />, host);
    await userEvent.click(await screen.findByTestId('open-import'));
    await userEvent.click(screen.getByRole('tab', { name: 'Export' }));
    await waitFor(() => expect(screen.getByTestId('export-json').textContent).toBe(JSON.stringify({ input: { includeSecrets: false, dialect: 'claude-desktop' } })));
    expect(screen.getByTestId('export-secrets-note').textContent).toContain('are left empty');

    await userEvent.click(screen.getByText('Selected servers'));
    expect(screen.getByText('Choose at least one server.')).toBeTruthy();
    expect(screen.getByText('Copy').closest('button')?.disabled).toBe(true);
    await userEvent.click(screen.getByLabelText('Choose servers'));
    await userEvent.click(await screen.findByTitle('b'));
    await userEvent.click(screen.getByText('VS Code'));
    await userEvent.click(screen.getByLabelText('Include secrets'));
    await waitFor(() => expect(host.inputsOf('mcp.export').at(-1)).toEqual({ includeSecrets: true, dialect: 'vscode', ids: ['id-b'] }));
    expect(screen.getByTestId('export-secrets-note').textContent).toContain('contains your API keys');

    const written: string[] = [];
    const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void written.push(text) } });
    try {
      await waitFor(() => expect(screen.getByText('Copy').closest('button')?.disabled).toBe(false));
      await userEvent.click(screen.getByText('Copy'));
      await screen.findByText('Copied to the clipboard');
      expect(written).toEqual([JSON.stringify({ input: { includeSecrets: true, dialect: 'vscode', ids: ['id-b'] } })]);
    } finally {
      if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
      else delete (navigator as { clipboard?: unknown }).clipboard;
    }
  });
});

describe('Found on this computer', { timeout: 120_000 }, () => {
  const found = (offerDismissed: boolean) => ({
    offerDismissed,
    files: [
      { source: 'claude-desktop' as const, path: '/home/me/.config/Claude/claude_desktop_config.json', entries: ENTRIES },
      { source: 'cursor' as const, path: '/home/me/.cursor/mcp.json', entries: [ENTRIES[2]!] },
    ],
  });

  it('offers once to import the new servers; "Not now" is remembered by the host', async () => {
    const host = new FakeHost();
    let dismissed = false;
    host.handle('mcp.find_local_configs', () => found(dismissed));
    host.handle('mcp.dismiss_local_configs', () => ((dismissed = true), { offerDismissed: true }));
    renderWithProviders(<ToolsTab />, host);
    const offer = await screen.findByTestId('local-configs-offer');
    // Only "files" is new and valid: "broken" cannot be imported and "web" exists.
    expect(offer.textContent).toContain('1 server in Claude Desktop can be imported');
    await userEvent.click(within(offer).getByText('Not now'));
    await waitFor(() => expect(screen.queryByTestId('local-configs-offer')).toBeNull());
    expect(host.callCount('mcp.dismiss_local_configs')).toBe(1);
  });

  it('"Review and import" opens the same preview on that file, and the dialog lists every file found', async () => {
    const host = new FakeHost();
    host.handle('mcp.find_local_configs', () => found(false));
    host.handle('mcp.dismiss_local_configs', () => ({ offerDismissed: true }));
    host.handle('mcp.import_preview', () => ({ entries: ENTRIES }));
    renderWithProviders(<ToolsTab />, host);
    await userEvent.click(within(await screen.findByTestId('local-configs-offer')).getByText('Review and import'));
    await screen.findByTestId('import-preview');
    expect(host.inputsOf('mcp.import_preview')).toEqual([{ source: 'claude-desktop' }]);
    expect(screen.getByText('From Claude Desktop')).toBeTruthy();
    await userEvent.click(screen.getByText('Back to the JSON'));
    const list = screen.getByTestId('import-local-configs');
    expect(list.textContent).toContain('Claude Desktop · 3 servers');
    expect(list.textContent).toContain('Cursor · 1 server');
    await userEvent.click(within(list).getByText(/Cursor/));
    await waitFor(() => expect(host.inputsOf('mcp.import_preview').at(-1)).toEqual({ source: 'cursor' }));
  });
});
