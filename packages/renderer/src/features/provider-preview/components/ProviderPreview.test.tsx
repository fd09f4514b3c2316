import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MCPTool, McpDiscoverResult, McpServerTool } from '@shared/contracts/mcp-types';
import { convertMcpToolsToGemini, convertMcpToolsToOpenAI } from '@mcp-common/toolConversion';
import { SCHEMA_REPAIR_CODES } from '@mcp-common/schema/repairs';
import { buildToolId } from '@mcp-common/toolIds';
import { FakeHost, server, updated } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import { allLocales } from '@renderer-testing/allLocales';
import { ServerDetailDrawer } from '@renderer/features/settings/components/tabs/tools-tab/server-detail/ServerDetailDrawer';
import { ToolsTabNavProvider, useToolsTabNav } from '@renderer/features/settings/components/tabs/tools-tab/ToolsTabNav';
import { ProviderPreviewButton } from './ProviderPreviewButton';

const ID = 'id-fx';

const tool = (name: string, extra: Partial<McpServerTool> = {}): McpServerTool => ({
  id: buildToolId('fx', name),
  name,
  description: `Does ${name}.`,
  inputSchema: { type: 'object', properties: {} },
  serverId: ID,
  serverName: 'fx',
  disabled: false,
  ...extra,
});

/** Everything a provider might refuse, in one tool whose name also needs mapping to an id. */
const HOSTILE = tool('fetch.page', {
  description: `${'Fetches a page and returns it as markdown. '.repeat(46)}End.`,
  inputSchema: {
    type: 'object',
    properties: {
      url: { type: 'string', format: 'uri' },
      opts: { $ref: '#/$defs/Opts' },
      mode: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
    },
    required: ['url'],
    $defs: { Opts: { type: 'object', additionalProperties: { type: 'string' } } },
  },
});
const ECHO = tool('echo', { inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } });
const CRASH = tool('crash', { disabled: true });
const TOOLS = [HOSTILE, ECHO, CRASH];

function discovery(): McpDiscoverResult {
  return { serverInfo: { name: 'fx', version: '1' }, tools: TOOLS, invalidTools: [], prompts: [], resources: [], errors: {} };
}

function makeHost() {
  const host = new FakeHost();
  host.servers = [server({ name: 'fx', type: 'stdio', config: { command: 'node' }, disabledTools: ['crash'] })];
  host.statuses = [{ id: ID, state: 'connected' }];
  host.handle('mcp.discover', () => discovery());
  host.handle('mcp.update', ({ id, updates }) => {
    host.servers = host.servers.map((s) => (s.id === id ? updated(s, updates) : s));
    return { success: true, server: host.servers.find((s) => s.id === id) };
  });
  return host;
}

function OpenedDetail() {
  const { openDetail } = useToolsTabNav();
  useEffect(() => openDetail(ID, 'preview'), [openDetail]);
  return <ServerDetailDrawer />;
}

const slow = { timeout: 20_000 };
const previewRow = (name: string) => screen.queryAllByTestId('preview-tool').find((row) => row.dataset.toolName === name);
const codesIn = (row: HTMLElement, testId: 'preview-repair' | 'preview-warning') => within(row).queryAllByTestId(testId).map((el) => el.dataset.code);
const enabledOnly = (tools: McpServerTool[]): MCPTool[] => tools.filter((t) => !t.disabled).map(({ disabled: _d, ...t }) => t);

/** Replaces the clipboard for one test, and gives it back. */
function recordClipboard(): { written: string[]; restore: () => void } {
  const written: string[] = [];
  const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void written.push(text) } });
  return {
    written,
    restore: () => {
      if (original) Object.defineProperty(navigator, 'clipboard', original);
      else delete (navigator as { clipboard?: unknown }).clipboard;
    },
  };
}

afterEach(cleanup);

describe('provider preview (server detail)', { timeout: 120_000 }, () => {
  it('shows each provider its own repairs and warnings, the id mapping, and leaves the disabled tool out', async () => {
    renderWithProviders(
      <AntdApp>
        <ToolsTabNavProvider>
          <OpenedDetail />
        </ToolsTabNavProvider>
      </AntdApp>,
      makeHost(),
    );
    await screen.findByTestId('provider-preview', {}, slow);
    const hostile = previewRow('fetch.page')!;
    // The id the providers see, and what it maps back to.
    expect(within(hostile).getByTestId('preview-tool-id').textContent).toBe('mcp__fx__fetch_page');
    expect(hostile.textContent).toContain('fx · fetch.page');
    expect(previewRow('crash')).toBeUndefined();
    expect(screen.getByTestId('preview-left-out').textContent).toBe('1 disabled tool is left out.');
    expect(screen.getByTestId('preview-sent').textContent).toBe('2 of 2 tools sent');
    expect(screen.getByTestId('preview-tokens').textContent).toMatch(/^≈ [\d,]+ tokens$/);

    // OpenAI Chat (non-strict): the long description is shortened; the schema is sent as normalised.
    expect(codesIn(hostile, 'preview-warning')).toEqual(['DESCRIPTION_SHORTENED']);
    expect(codesIn(hostile, 'preview-repair')).toEqual(expect.arrayContaining(['REF_INLINED', 'ONE_OF_TO_ANY_OF']));
    expect(codesIn(hostile, 'preview-repair')).not.toContain('ADDITIONAL_PROPERTIES_DROPPED');
    expect(hostile.textContent).toContain(`Description shortened from ${HOSTILE.description.length} to`);
    expect(codesIn(previewRow('echo')!, 'preview-repair')).toEqual([]);

    // Strict: the open map sends it non-strict, in words naming where.
    fireEvent.click(screen.getByText('OpenAI Chat (strict)'));
    await waitFor(() => expect(codesIn(previewRow('fetch.page')!, 'preview-warning')).toContain('NOT_STRICT'));
    expect(previewRow('fetch.page')!.textContent).toContain('Sent non-strict because opts is an open map');

    // Vertex AI's OpenAPI subset: it cannot keep the open map, and says so as a warning naming the property.
    fireEvent.click(screen.getByText('Vertex AI (Gemini OpenAPI subset)'));
    await waitFor(() => expect(codesIn(previewRow('fetch.page')!, 'preview-repair')).toContain('ADDITIONAL_PROPERTIES_DROPPED'));
    const vertex = previewRow('fetch.page')!;
    expect(codesIn(vertex, 'preview-warning')).toEqual(['LOSSY_SCHEMA']);
    expect(vertex.textContent).toContain('Lossy: opts is a map of free-form keys');
    expect(screen.getByText('Vertex AI limit: 128 declarations')).toBeDefined();

    // Gemini (JSON Schema): the open map is kept, so nothing is lost; no description limit there.
    fireEvent.click(screen.getByText('Gemini'));
    await waitFor(() => expect(codesIn(previewRow('fetch.page')!, 'preview-repair')).not.toContain('ADDITIONAL_PROPERTIES_DROPPED'));
    const gemini = previewRow('fetch.page')!;
    expect(codesIn(gemini, 'preview-repair')).toEqual(expect.arrayContaining(['FORMAT_TO_DESCRIPTION', 'REF_INLINED', 'ONE_OF_TO_ANY_OF']));
    expect(codesIn(gemini, 'preview-warning')).toEqual([]);
    expect(screen.getByText('Gemini limit: 512 declarations')).toBeDefined();
    expect(within(gemini).getAllByTestId('preview-repair').find((el) => el.dataset.code === 'FORMAT_TO_DESCRIPTION')?.dataset.path).toBe('url');

    // Each tool's own entry, as the converter wrote it.
    const toggle = within(gemini).getByRole('button', { name: 'JSON sent' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const declaration = convertMcpToolsToGemini(enabledOnly(TOOLS)).tools[0]?.functionDeclarations.find((d) => d.name === HOSTILE.id);
    expect(within(previewRow('fetch.page')!).getByTestId('preview-tool-json').textContent).toBe(JSON.stringify(declaration, null, 2));

    // Copy gives exactly what the converter returns.
    const clipboard = recordClipboard();
    try {
      fireEvent.click(screen.getByTestId('preview-copy'));
      await screen.findByText('Copied to the clipboard');
      expect(clipboard.written).toEqual([JSON.stringify(convertMcpToolsToGemini(enabledOnly(TOOLS)).tools, null, 2)]);
    } finally {
      clipboard.restore();
    }
  });

  it('a tool switched off in the tools pane is gone from the preview', async () => {
    renderWithProviders(
      <AntdApp>
        <ToolsTabNavProvider>
          <OpenedDetail />
        </ToolsTabNavProvider>
      </AntdApp>,
      makeHost(),
    );
    await screen.findByTestId('provider-preview', {}, slow);
    expect(previewRow('echo')).toBeDefined();
    fireEvent.click(screen.getByRole('tab', { name: /^Tools/ }));
    fireEvent.click(await screen.findByRole('switch', { name: 'echo enabled' }, slow));
    fireEvent.click(screen.getByRole('tab', { name: 'Provider preview' }));
    await waitFor(() => expect(screen.getByTestId('preview-left-out').textContent).toBe('2 disabled tools are left out.'), slow);
    expect(previewRow('echo')).toBeUndefined();
    expect(previewRow('fetch.page')).toBeDefined();
  });
});

describe('provider preview (all active servers)', { timeout: 120_000 }, () => {
  it('pages 200 tools, warns about the limit, and copies what OpenAI Chat receives', async () => {
    const host = new FakeHost();
    host.servers = [server({ name: 'fx', type: 'stdio', config: { command: 'node' }, disabledTools: ['x', 'y'] })];
    const many = Array.from({ length: 200 }, (_, i) => enabledOnly([tool(`t${i}`)])[0]!);
    host.handle('mcp.list_all_tools', () => many);
    renderWithProviders(
      <AntdApp>
        <ProviderPreviewButton />
      </AntdApp>,
      host,
    );
    fireEvent.click(screen.getByTestId('open-provider-preview'));
    await screen.findByTestId('provider-preview', {}, slow);
    expect(screen.getAllByTestId('preview-tool')).toHaveLength(25);
    expect(screen.getByTestId('preview-left-out').textContent).toBe('2 disabled tools are left out.');
    expect(screen.getByTestId('preview-list-warning').textContent).toContain("200 tools exceed OpenAI's limit of 128 per request");
    fireEvent.click(screen.getByTitle('8'));
    await waitFor(() => expect(screen.getAllByTestId('preview-tool')[0]?.dataset.toolName).toBe('t175'));

    const clipboard = recordClipboard();
    try {
      fireEvent.click(screen.getByTestId('preview-copy'));
      await screen.findByText('Copied to the clipboard');
      expect(clipboard.written).toEqual([JSON.stringify(convertMcpToolsToOpenAI(many).tools, null, 2)]);
    } finally {
      clipboard.restore();
    }
  });
});

describe('provider preview (its sources)', { timeout: 120_000 }, () => {
  it('counts only the active servers it reached, and names those it could not', async () => {
    const host = new FakeHost();
    host.servers = [
      server({ name: 'fx', type: 'stdio', config: { command: 'node' } }),
      server({ name: 'quiet', type: 'stdio', config: { command: 'node' } }),
      server({ name: 'down', type: 'stdio', config: { command: 'node' }, disabledTools: ['lost'] }),
      server({ name: 'off', type: 'stdio', config: { command: 'node' }, isActive: false }),
    ];
    // quiet is connected and lists nothing; down failed, so the listing holds nothing of it.
    host.statuses = [
      { id: 'id-quiet', state: 'connected' },
      { id: 'id-down', state: 'error', error: 'spawn node ENOENT' },
    ];
    host.handle('mcp.list_all_tools', () => enabledOnly([ECHO]));
    renderWithProviders(
      <AntdApp>
        <ProviderPreviewButton />
      </AntdApp>,
      host,
    );
    fireEvent.click(screen.getByTestId('open-provider-preview'));
    const sources = await screen.findByTestId('preview-sources', {}, slow);
    await waitFor(() => expect(sources.textContent).toBe('From 2 active servers. Not included, because it could not be reached: down'));
    // The disabled tools of a server that was not reached were never going to be sent: not "left out".
    expect(screen.queryByTestId('preview-left-out')).toBeNull();
  });
});

describe('provider preview sentences', () => {
  it('every repair code has a sentence in every language', () => {
    for (const language of ['en', 'zh', 'ja']) {
      const repairs = (allLocales[language]?.providerPreview as { repairs: Record<string, unknown> }).repairs;
      for (const code of SCHEMA_REPAIR_CODES) expect(repairs[code], `${language} ${code}`).toEqual(expect.any(String));
    }
  });
});
