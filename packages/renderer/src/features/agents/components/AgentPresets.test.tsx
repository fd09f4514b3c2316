import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { AgentPresetInputSchema, AgentPresetSchema, AgentSaveInputSchema, type AgentPreset } from '@shared/contracts/agents';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeHost } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import { SLOW } from '@renderer-testing/galleryTestkit';
import type { Language } from '@renderer/i18n/languages';
import { AgentPresets } from './AgentPresets';

afterEach(cleanup);

const click = async (element: Element) => {
  await act(async () => {
    fireEvent.click(element);
  });
};

const EXAMPLE = AgentPresetSchema.parse({
  id: 'builtin:example',
  builtin: true,
  name: 'Example tools',
  instructions: 'Use the weather tool.',
  sessionServers: { example: { command: '{{node}}', args: ['{{builtin:example}}'] } },
});

/** Agent presets in memory, saved as the host saves them: the input parsed by the route's schema, then listed. */
function agentHost() {
  const presets = new Map<string, AgentPreset>([[EXAMPLE.id, EXAMPLE]]);
  let next = 1;
  const host = new FakeHost()
    .handle('agents.list', () => [...presets.values()])
    .handle('providers.list', () => [{ id: 'openai', name: 'OpenAI', hasKey: true, keyMask: '***' }])
    .handle('agents.save', (input) => {
      const { id, preset } = AgentSaveInputSchema.parse(input);
      if (id && presets.get(id)?.builtin) throw { code: 'FORBIDDEN', message: 'built-in' };
      const saved = AgentPresetSchema.parse({ ...preset, id: id ?? `agent-${next++}`, updatedAt: new Date(0).toISOString() });
      presets.set(saved.id, saved);
      return saved;
    })
    .handle('agents.import', ({ text }) => {
      // All or nothing, as the host does: every preset parsed before one is kept.
      const parsed: unknown = JSON.parse(text);
      const list = Array.isArray(parsed) ? parsed : [parsed];
      const checked = list.map((item, index) => {
        const result = AgentPresetInputSchema.safeParse(item);
        if (!result.success) throw { code: 'VALIDATION_FAILED', message: `preset ${index + 1}: ${result.error.issues[0]?.message}`, data: { route: 'agents.import' } };
        return result.data;
      });
      return {
        imported: checked.map((preset) => {
          const saved = AgentPresetSchema.parse({ ...preset, id: `agent-${next++}` });
          presets.set(saved.id, saved);
          return { id: saved.id, name: saved.name, replaced: false };
        }),
      };
    })
    .handle('agents.remove', ({ agent }) => {
      const found = presets.get(agent);
      if (!found) throw { code: 'NOT_FOUND', message: 'no agent', data: { agent } };
      presets.delete(agent);
      return found;
    });
  return { host, presets };
}

const render = (host: FakeHost, language: Language = 'en') =>
  renderWithProviders(
    <AntdApp>
      <AgentPresets />
    </AntdApp>,
    host,
    language,
  );
const row = (name: string) => screen.getAllByTestId('agent-row').find((r) => r.textContent?.includes(name))!;

describe('AgentPresets', { timeout: 120_000 }, () => {
  it('shows built-ins read-only: a copy can be made, not an edit or a delete', async () => {
    const { host } = agentHost();
    render(host);
    const example = await screen.findByTestId('agent-row', {}, SLOW);
    expect(within(example).getByTestId('agent-builtin').textContent).toBe('Built-in (read-only)');
    expect(within(example).getByTestId('agent-session-servers').textContent).toBe('Session servers: example');
    expect(within(example).queryByRole('button', { name: 'Edit: Example tools' })).toBeNull();
    expect(within(example).queryByRole('button', { name: 'Delete: Example tools' })).toBeNull();
    // Nothing of the person's yet: nothing to export.
    expect(screen.getByRole('button', { name: /Export all/ }).hasAttribute('disabled')).toBe(true);
  });

  it('duplicates a built-in with its session servers, then edits and deletes the copy', async () => {
    const { host, presets } = agentHost();
    render(host);
    await click(await screen.findByRole('button', { name: 'Duplicate: Example tools' }, SLOW));
    const name = await screen.findByLabelText('Name');
    expect((name as HTMLInputElement).value).toBe('Example tools (copy)');
    fireEvent.change(screen.getByLabelText('Instructions'), { target: { value: 'Say the weather in one line.' } });
    await click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(presets.size).toBe(2), SLOW);
    const copy = presets.get('agent-1')!;
    expect(copy).toMatchObject({ name: 'Example tools (copy)', instructions: 'Say the weather in one line.', builtin: false, approval: 'ask' });
    expect(copy.sessionServers).toEqual(EXAMPLE.sessionServers);

    await waitFor(() => expect(screen.getAllByTestId('agent-row')).toHaveLength(2), SLOW);
    await click(within(row('Example tools (copy)')).getByRole('button', { name: 'Edit: Example tools (copy)' }));
    const nameField = await screen.findByLabelText('Name');
    fireEvent.change(nameField, { target: { value: 'Weather' } });
    await click(screen.getByRole('radio', { name: 'Allow every call' }));
    await click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(presets.get('agent-1')).toMatchObject({ name: 'Weather', approval: 'allow_all' }), SLOW);
    const saves = host.inputs.filter((call) => call.route === 'agents.save');
    expect(saves.at(-1)?.input).toMatchObject({ id: 'agent-1' });

    await waitFor(() => expect(row('Weather')).toBeTruthy(), SLOW);
    await click(within(row('Weather')).getByRole('button', { name: 'Delete: Weather' }));
    // The safe answer has focus: a second Enter does not delete.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'), SLOW);
    await click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(presets.has('agent-1')).toBe(false), SLOW);
    await waitFor(() => expect(screen.getAllByTestId('agent-row')).toHaveLength(1), SLOW);
  });

  it('adds a session server with the server form\'s own argument and env rows, refusing a name of the person\'s tool-id prefix', async () => {
    const { host, presets } = agentHost();
    render(host);
    await click(await screen.findByRole('button', { name: /New agent/ }, SLOW));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Kit' } });
    await click(screen.getByRole('button', { name: /Add session server/ }));
    const dialog = await screen.findByTestId('session-server-form');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'mcp_kit' } });
    fireEvent.change(within(dialog).getByLabelText('Command'), { target: { value: 'npx' } });
    await click(within(dialog).getByRole('button', { name: /Add argument/ }));
    fireEvent.change(within(dialog).getByLabelText('Argument 1'), { target: { value: 'some-mcp-server@1.2.3' } });
    await click(within(dialog).getByRole('button', { name: /Add variable/ }));
    fireEvent.change(within(dialog).getByLabelText('Variable name'), { target: { value: 'KIT_TOKEN' } });
    fireEvent.change(await within(dialog).findByLabelText('Value of KIT_TOKEN'), { target: { value: 'tok-1' } });
    const modal = dialog.closest('.ant-modal')!;
    await click(within(modal as HTMLElement).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Must not be "mcp"/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'kit' } });
    await click(within(modal as HTMLElement).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('session-server-form')).toBeNull(), SLOW);
    expect(screen.getByTestId('session-server-row').textContent).toContain('npx some-mcp-server@1.2.3');
    await click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(presets.get('agent-1')?.sessionServers).toEqual({ kit: { command: 'npx', args: ['some-mcp-server@1.2.3'], env: { KIT_TOKEN: 'tok-1' } } }), SLOW);
  });

  it("tests a saved preset's session server as the server form does: the stages, and where it stopped", async () => {
    const { host, presets } = agentHost();
    presets.set('agent-9', AgentPresetSchema.parse({ id: 'agent-9', name: 'Mine', sessionServers: { kit: { command: 'node', args: ['kit.js'], env: { KIT_TOKEN: '***' } } } }));
    host.handle('agents.test_server', () => ({
      success: false,
      stages: [
        { stage: 'connect', state: 'passed', durationMs: 5 },
        { stage: 'initialize', state: 'failed', durationMs: 7 },
        { stage: 'list_tools', state: 'skipped' },
      ],
      failedStage: 'initialize',
      stderrTail: ['kit: bad token'],
      tools: [],
      disabledTools: [],
      invalidTools: [],
      durationMs: 12,
      error: { code: 'MCP_CONNECT_FAILED', message: 'closed' },
    }));
    render(host);
    await waitFor(() => expect(screen.getAllByTestId('agent-row')).toHaveLength(2), SLOW);
    await click(within(row('Mine')).getByRole('button', { name: 'Edit: Mine' }));
    await click(await screen.findByRole('button', { name: 'Edit: kit' }, SLOW));
    const dialog = await screen.findByTestId('session-server-form');
    await click(within(dialog.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /Test/ }));
    const panel = await screen.findByTestId('test-result', {}, SLOW);
    await waitFor(() => expect(panel.getAttribute('data-running')).toBe('false'), SLOW);
    expect(panel.textContent).toContain('The test stopped at “Initialize (MCP handshake)”');
    expect(panel.textContent).toContain('kit: bad token');
    // The masked value goes as it is, with where it is stored: the host tests with the stored one.
    expect(host.inputsOf('agents.test_server')).toEqual([{ name: 'kit', server: { command: 'node', args: ['kit.js'], env: { KIT_TOKEN: '***' } }, stored: { agent: 'agent-9', server: 'kit' } }]);
  });

  it("shows a saved session server's masked env value for real when its eye is pressed, and only that one", async () => {
    const { host, presets } = agentHost();
    presets.set('agent-9', AgentPresetSchema.parse({ id: 'agent-9', name: 'Mine', sessionServers: { kit: { command: 'node', args: ['kit.js'], env: { KIT_TOKEN: '***' } } } }));
    host.handle('agents.reveal_secrets', () => ({ env: { KIT_TOKEN: 'tok-real-7' } }));
    render(host);
    await waitFor(() => expect(screen.getAllByTestId('agent-row')).toHaveLength(2), SLOW);
    await click(within(row('Mine')).getByRole('button', { name: 'Edit: Mine' }));
    await click(await screen.findByRole('button', { name: 'Edit: kit' }, SLOW));
    const value = (await screen.findByLabelText('Value of KIT_TOKEN', {}, SLOW)) as HTMLInputElement;
    expect(value.value).toBe('***');
    expect(host.callCount('agents.reveal_secrets')).toBe(0);
    await click(screen.getByTestId('env-row').querySelector('.ant-input-password-icon')!);
    await waitFor(() => expect((screen.getByLabelText('Value of KIT_TOKEN') as HTMLInputElement).value).toBe('tok-real-7'), SLOW);
    expect(host.inputsOf('agents.reveal_secrets')).toEqual([{ agent: 'agent-9', server: 'kit' }]);
  });

  it('imports pasted JSON in Claude Desktop\'s server shape, and keeps the text when the host refuses it', async () => {
    const { host, presets } = agentHost();
    render(host);
    await click(await screen.findByRole('button', { name: /Import/ }, SLOW));
    const field = await screen.findByLabelText(/JSON of one agent/);
    const submit = () => within(screen.getByRole('dialog', { name: 'Import agents' })).getByRole('button', { name: 'Import' });
    fireEvent.change(field, { target: { value: '[{ "name": "Broken", "sessionServers": { "s": {} } }]' } });
    await click(submit());
    expect(await screen.findByText(/Some values sent with/, {}, SLOW)).toBeTruthy();
    expect(presets.size).toBe(1);
    expect((field as HTMLTextAreaElement).value).toContain('Broken');

    const good = { name: 'Helper', instructions: 'Be brief.', sessionServers: { kit: { command: 'npx', args: ['-y', 'some-mcp-server@1.2.3'], env: { KEY: 'v' } } } };
    fireEvent.change(field, { target: { value: JSON.stringify(good) } });
    await click(submit());
    await waitFor(() => expect(screen.getAllByTestId('agent-row')).toHaveLength(2), SLOW);
    expect(row('Helper').textContent).toContain('Session servers: kit');
    expect(screen.getByRole('button', { name: /Export all/ }).hasAttribute('disabled')).toBe(false);
  });

  it('imports a chosen file through the same path: its text shows first, a refusal keeps it and writes nothing, a file that is not JSON is named', async () => {
    const { host, presets } = agentHost();
    render(host, 'ja');
    await click(await screen.findByRole('button', { name: /インポート/ }, SLOW));
    const dialog = await screen.findByRole('dialog');
    // jsdom's File has no text() (browsers' does): the test gives it one that answers the file's content.
    const file = (content: string, name: string, type: string) => Object.assign(new File([content], name, { type }), { text: async () => content });
    const choose = async (chosen: File) => {
      await act(async () => {
        // The picker's input is a new one after each choice.
        fireEvent.change(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [chosen] } });
      });
    };
    await choose(file('name,instructions', 'agents.csv', 'text/csv'));
    expect((await within(dialog).findByTestId('agent-import-file', {}, SLOW)).textContent).toContain('「agents.csv」は JSON ファイルではありません。');

    const broken = '{ "name": "Broken", "sessionServers": { "s": {} } }';
    await choose(file(broken, 'broken.json', 'application/json'));
    await waitFor(() => expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toBe(broken), SLOW);
    expect(within(dialog).getByTestId('agent-import-file').textContent).toContain('broken.json');
    await click(within(dialog).getByRole('button', { name: /^インポート$/ }));
    await waitFor(() => expect(host.inputsOf('agents.import')).toHaveLength(1), SLOW);
    expect(host.inputsOf('agents.import')[0]).toEqual({ text: broken, onDuplicate: 'refuse' });
    expect(presets.size).toBe(1);
    expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toBe(broken);

    const good = JSON.stringify({ agents: [{ name: 'From file', sessionServers: { kit: { command: 'node', args: ['kit.js'] } } }] });
    await choose(file(good, 'elftia-agents.json', 'application/json'));
    await waitFor(() => expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toBe(good), SLOW);
  });

  it('is one tab stop: arrows move between the rows, and only the current row\'s buttons are in the tab order', async () => {
    const { host, presets } = agentHost();
    presets.set('agent-9', AgentPresetSchema.parse({ id: 'agent-9', name: 'Mine' }));
    render(host);
    await waitFor(() => expect(screen.getAllByTestId('agent-row')).toHaveLength(2), SLOW);
    const [first, second] = screen.getAllByTestId('agent-row') as [HTMLElement, HTMLElement];
    expect([first.tabIndex, second.tabIndex]).toEqual([0, -1]);
    expect(within(second).getByRole('button', { name: 'Edit: Mine' }).tabIndex).toBe(-1);
    first.focus();
    await act(async () => {
      fireEvent.keyDown(first, { key: 'ArrowDown' });
    });
    expect(document.activeElement).toBe(second);
    expect([first.tabIndex, second.tabIndex]).toEqual([-1, 0]);
    expect(within(second).getByRole('button', { name: 'Edit: Mine' }).tabIndex).toBe(0);
    expect(within(first).getByRole('button', { name: 'Duplicate: Example tools' }).tabIndex).toBe(-1);
  });

  it("shows built-ins' names and descriptions in the window's language, and the person's as typed", async () => {
    const { host, presets } = agentHost();
    presets.set('builtin:example-tools', AgentPresetSchema.parse({ ...EXAMPLE, id: 'builtin:example-tools', description: 'The English text.' }));
    presets.set('agent-9', AgentPresetSchema.parse({ id: 'agent-9', name: 'Mine', description: 'My own words.' }));
    render(host, 'zh');
    await waitFor(() => expect(screen.getAllByTestId('agent-row')).toHaveLength(3), SLOW);
    const [unknown, example, mine] = screen.getAllByTestId('agent-row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(example.getAttribute('aria-label')).toBe('示例工具');
    expect(example.textContent).toContain('MCP SDK 的示例服务器');
    expect(example.textContent).not.toContain('The English text.');
    // A built-in the locale has no text for keeps its stored one; the person's are never translated.
    expect(unknown.getAttribute('aria-label')).toBe('Example tools');
    expect(mine.textContent).toContain('My own words.');
    await click(within(example).getByRole('button', { name: /示例工具/ }));
    expect(((await screen.findByLabelText('名称', {}, SLOW)) as HTMLInputElement).value).toContain('示例工具');
  });

  it('keeps the form open with a name required, in Chinese too', async () => {
    const { host, presets } = agentHost();
    render(host, 'zh');
    await click(await screen.findByRole('button', { name: /新建智能体/ }, SLOW));
    // antd spaces out a two-character Chinese button label ("保 存").
    await click(await screen.findByRole('button', { name: /^保\s?存$/ }));
    expect(await screen.findByText('请为智能体命名')).toBeTruthy();
    expect(presets.size).toBe(1);
  });
});
