import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_VERSIONS, SCHEMA, type FixtureVersion } from '@fixtures/registry/entries';
import { userEvent } from '@renderer-testing/userEvent';
import { SLOW } from '@renderer-testing/galleryTestkit';
import { registryHost, renderRegistry } from '@renderer-testing/registryTestkit';

afterEach(cleanup);

const names = () => screen.queryAllByTestId('registry-entry').map((card) => card.dataset.name);
const searchBox = () => screen.getByRole('textbox', { name: 'Search the registry' });
const queries = (host: ReturnType<typeof registryHost>) => host.inputsOf('registry.search').map((input) => input.query ?? '');
/** An antd Select by its label: opened, then the option with that text clicked. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = () => document.querySelector<HTMLElement>(`.ant-select-item-option[title="${option}"]`);
  await waitFor(() => expect(item()).not.toBeNull(), SLOW);
  await act(async () => {
    fireEvent.click(item()!);
  });
}

// antd renders slowly on a shared machine; the bound only limits how long a failure takes.
describe('RegistryBrowser', { timeout: 120_000 }, () => {
  it('searches once typing pauses, not per keystroke, and says when nothing matches', async () => {
    const host = registryHost();
    renderRegistry(host);
    await waitFor(() => expect(names()).toHaveLength(5), SLOW);
    for (const text of ['w', 'we', 'wea', 'weat', 'weather']) fireEvent.change(searchBox(), { target: { value: text } });
    await waitFor(() => expect(names()).toEqual(['io.github.example/old-weather', 'io.github.example/weather-mcp', 'io.github.joelverhagen/knapcode-samplemcpserver']), SLOW);
    // The first page, then one search for what was typed: the four keystrokes before it were never sent.
    expect(queries(host)).toEqual(['', 'weather']);
    expect(screen.getAllByTestId('registry-status').map((tag) => `${tag.dataset.status}:${tag.textContent}`)).toEqual(['deprecated:Deprecated', 'active:Active', 'active:Active']);

    fireEvent.change(searchBox(), { target: { value: 'nothing like this' } });
    expect((await screen.findByTestId('registry-empty', {}, SLOW)).textContent).toContain('No server in MCP Registry matches “nothing like this”.');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(names()).toHaveLength(5), SLOW);
  });

  it('loads the next page by keyboard, and filters what is loaded by package type, where it runs and whether it needs a key', async () => {
    const host = registryHost();
    renderRegistry(host);
    await waitFor(() => expect(names()).toHaveLength(5), SLOW);
    const more = screen.getByRole('button', { name: 'Load more' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(names()).toHaveLength(10), SLOW);
    screen.getByRole('button', { name: 'Load more' }).focus();
    await userEvent.keyboard(' ');
    // Twelve latest entries, the deleted one hidden by the host: eleven, and the end is said.
    await waitFor(() => expect(names()).toHaveLength(11), SLOW);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('That is every server MCP Registry lists here.')).toBeTruthy();
    expect(host.inputsOf('registry.search').map((input) => input.cursor)).toEqual([undefined, '5', '10']);
    expect(names()).not.toContain('io.github.example/removed');

    await choose('Package type', 'pypi');
    expect(names()).toEqual(['io.github.example/weather-mcp']);
    await choose('Package type', 'Any package');
    await choose('Where it runs', 'Remote');
    expect(names()).toEqual(['io.github.evil/\u202egpj.exe', 'io.github.github/github-mcp-server', 'io.modelcontextprotocol.anonymous/hybrid-mcp']);
    await choose('Where it runs', 'Here or remote');
    await choose('Key', 'Needs a key');
    expect(names()).toEqual([
      'io.github.brave/brave-search-mcp-server',
      'io.github.evil/\u202egpj.exe',
      'io.github.example/database-manager',
      'io.github.example/weather-mcp',
      'io.github.github/github-mcp-server',
      'io.modelcontextprotocol.anonymous/hybrid-mcp',
    ]);
    expect(within(screen.getAllByTestId('registry-entry')[0]!).getByTestId('registry-needs-key').textContent).toBe('Needs a key');
    // Filters narrow what is loaded; nothing more was asked of the registry.
    expect(host.callCount('registry.search')).toBe(3);
    expect(screen.getByTestId('registry-count').textContent).toBe('6 of 11 loaded');
  });

  it('a slow or unreachable registry is explained, and Retry asks again', async () => {
    const host = registryHost();
    host.failures.set('registry.search', [{ code: 'REGISTRY_TIMEOUT', message: 'timeout', data: { registry: 'MCP Registry', url: 'http://127.0.0.1:4999/v0.1/servers', seconds: 15 } }]);
    renderRegistry(host);
    const error = await screen.findByTestId('registry-error', {}, SLOW);
    expect(within(error).getByRole('alert').textContent).toContain('The registry MCP Registry did not answer within 15 s (http://127.0.0.1:4999/v0.1/servers). Try again.');
    await userEvent.click(within(error).getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(names()).toHaveLength(5), SLOW);
    expect(screen.queryByTestId('registry-error')).toBeNull();

    // A failed next page keeps the pages shown and retries only itself.
    host.failures.set('registry.search', [{ code: 'REGISTRY_UNREACHABLE', message: 'down', data: { registry: 'MCP Registry', url: 'http://127.0.0.1:4999/v0.1/servers', cause: 'ECONNREFUSED' } }]);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const pageError = await screen.findByTestId('registry-page-error', {}, SLOW);
    expect(pageError.textContent).toContain('Could not reach the registry MCP Registry');
    expect(names()).toHaveLength(5);
    await userEvent.click(within(pageError).getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(names()).toHaveLength(10), SLOW);
  });

  it('shows hostile text harmlessly: controls and bidi drawn as escapes, markup as text, the long description cut', async () => {
    const html: FixtureVersion = {
      server: { $schema: SCHEMA, name: 'io.github.evil/markup', description: '<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">click</a>', version: '1.0.0' },
      _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: true } },
    };
    renderRegistry(registryHost([...FIXTURE_VERSIONS, html]));
    fireEvent.change(searchBox(), { target: { value: 'evil' } });
    // U+202E sorts after the letters, as the registry orders names as strings.
    await waitFor(() => expect(names()).toEqual(['io.github.evil/markup', 'io.github.evil/\u202egpj.exe']), SLOW);
    const [markup, evil] = screen.getAllByTestId('registry-entry') as [HTMLElement, HTMLElement];
    // eslint-disable-next-line no-control-regex -- what must not reach the page as is
    expect(evil.textContent).not.toMatch(/[\u001b\u0007\u202e]/);
    expect(evil.textContent).toContain('Safe\\u001b]0;pwned\\u0007 tool\\u001b[2J');
    // The host cut 5 MB to 2,000 characters; the card shows that, drawn harmlessly.
    expect(within(evil).getByTestId('registry-description').textContent).toContain('Harmless helper\\u001b[31m red\\u202eAAAA');
    expect(within(evil).getByTestId('registry-description').textContent!.length).toBeLessThan(2100);
    expect(markup.querySelector('img, script, a[href^="javascript"]')).toBeNull();
    expect(markup.textContent).toContain('<img src=x onerror="alert(1)">');

    await userEvent.click(within(evil).getByRole('button', { name: 'Details of Safe\\u001b]0;pwned\\u0007 tool\\u001b[2J' }));
    const page = await screen.findByTestId('registry-entry-page', {}, SLOW);
    await waitFor(() => expect(within(page).getByTestId('registry-flags')).toBeTruthy(), SLOW);
    const flags = within(page).getByTestId('registry-flags').textContent!;
    expect(flags).toContain('Its description was too long and was cut.');
    expect(flags).toContain('Its title holds control or bidi characters; they are shown as \\uXXXX.');
    expect(within(page).getByText('The description was longer than 2000 characters and was cut.')).toBeTruthy();
    // eslint-disable-next-line no-control-regex -- what must not reach the page as is
    expect(page.textContent).not.toMatch(/[\u001b\u0007\u202e]/);
  });

  it('an entry page lists versions (latest chosen), safe links, packages and remotes with every input, and what cannot be installed', async () => {
    renderRegistry(registryHost());
    fireEvent.change(searchBox(), { target: { value: 'hybrid' } });
    await waitFor(() => expect(names()).toEqual(['io.modelcontextprotocol.anonymous/hybrid-mcp']), SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Details of io.modelcontextprotocol.anonymous/hybrid-mcp' }));
    const page = await screen.findByTestId('registry-entry-page', {}, SLOW);
    await waitFor(() => expect(within(page).getAllByTestId('registry-option')).toHaveLength(3), SLOW);
    const [mcpb, sse, http] = within(page).getAllByTestId('registry-option') as [HTMLElement, HTMLElement, HTMLElement];
    // An MCP bundle with an https URL and its sha256 is installable (downloaded and checked by the host).
    expect(mcpb.dataset.skipped).toBe('false');
    expect(within(mcpb).queryByTestId('registry-option-skipped')).toBeNull();
    expect(sse.textContent).toContain('Remote · sse');
    const inputs = within(sse).getAllByTestId('registry-input').map((li) => li.textContent);
    expect(inputs).toEqual([
      'X-API-Keyheaderrequiredsecret' + 'API key for authentication',
      'X-Regionheader' + 'Service region' + 'default: us-east-1 · one of: us-east-1, eu-west-1, ap-southeast-1',
    ]);
    expect(within(http).getAllByTestId('registry-input').map((li) => li.dataset.key)).toEqual(['tenant']);
    expect(within(page).getByRole('combobox', { name: 'Versions' })).toBeTruthy();
  });


  it('an entry page says why a package of a kind this app does not know cannot be installed', async () => {
    renderRegistry(registryHost());
    fireEvent.change(searchBox(), { target: { value: 'future' } });
    await waitFor(() => expect(names()).toEqual(['io.github.example/future-tools']), SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Details of io.github.example/future-tools' }));
    const page = await screen.findByTestId('registry-entry-page', {}, SLOW);
    await waitFor(() => expect(within(page).getAllByTestId('registry-option')).toHaveLength(2), SLOW);
    const [cargo, npm] = within(page).getAllByTestId('registry-option') as [HTMLElement, HTMLElement];
    expect(within(cargo).getByTestId('registry-option-skipped').textContent).toBe('Not installable here: its package type “cargo” is not one this app can install');
    // Its npm package has an argument of a type the schema lacks: skipped too, saying which.
    expect(within(npm).getByTestId('registry-option-skipped').textContent).toBe('Not installable here: one of its arguments has an unknown type (“flag”)');
  });

  it('says why an option is skipped in the reader’s language, from the host’s code, not its English', async () => {
    renderRegistry(registryHost(), 'ja');
    fireEvent.change(await screen.findByRole('textbox', { name: 'レジストリを検索' }, SLOW), { target: { value: 'future' } });
    await waitFor(() => expect(names()).toEqual(['io.github.example/future-tools']), SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'io.github.example/future-tools の詳細' }));
    const page = await screen.findByTestId('registry-entry-page', {}, SLOW);
    await waitFor(() => expect(within(page).getAllByTestId('registry-option')).toHaveLength(2), SLOW);
    const [cargo] = within(page).getAllByTestId('registry-option') as [HTMLElement];
    const text = within(cargo).getByTestId('registry-option-skipped').textContent;
    expect(text).toContain('パッケージの種類「cargo」はこのアプリではインストールできません');
    expect(text).not.toContain('unknown package type');
  });
  it('links only to web addresses the app opens', async () => {
    const links: FixtureVersion = {
      server: { $schema: SCHEMA, name: 'io.github.x/links', description: 'links', version: '1.0.0', websiteUrl: 'javascript:alert(1)', repository: { url: 'https://github.com/x/links', source: 'github' } },
      _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: true } },
    };
    renderRegistry(registryHost([links]));
    await userEvent.click(await screen.findByRole('button', { name: 'Details of io.github.x/links' }, SLOW));
    const page = await screen.findByTestId('registry-entry-page', {}, SLOW);
    const repo = await within(page).findByRole('link', { name: /Repository/ }, SLOW);
    expect(repo.getAttribute('href')).toBe('https://github.com/x/links');
    expect(repo.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(page).getByTestId('registry-link-refused').textContent).toBe('Website: not opened: javascript:alert(1)');
    expect(page.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('is translated', async () => {
    renderRegistry(registryHost(), 'zh');
    await waitFor(() => expect(names()).toHaveLength(5), SLOW);
    expect(screen.getByRole('textbox', { name: '搜索注册表' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '加载更多' })).toBeTruthy();
    expect(screen.getAllByTestId('registry-status')[0]!.textContent).toBe('可用');
  });
});
