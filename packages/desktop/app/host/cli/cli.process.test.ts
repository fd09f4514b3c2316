/**
 * The CLI in-process (runCli) against the real fixture servers: servers, tools, call, prompts and
 * resources (the reference server's). Every
 * test starts from an empty config dir and ends with no child process left.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertNoChildren, FIXTURE_SERVERS, startEverything, startHttpFixture, type RunningServer } from '@fixtures/servers/paths';
import { makeSandbox, stdioFixtureArgs, type CliSandbox } from '@desktop-testing/cliTestkit';
import { RAW_TERMINAL_CONTROL } from '@desktop-testing/visibleControls.testkit';

let cli: CliSandbox;
let http: RunningServer | undefined;

beforeEach(() => {
  cli = makeSandbox();
});
afterEach(async () => {
  await http?.stop();
  http = undefined;
  cli.remove();
  await assertNoChildren();
});

const json = <T = unknown>(text: string): T => JSON.parse(text) as T;

describe('servers add / list', () => {
  it('adds a stdio and an http fixture server and lists them with secrets redacted', async () => {
    http = await startHttpFixture('http');
    const stdio = await cli.run(stdioFixtureArgs('Local Fixture', '--env', 'API_TOKEN=s3cr3t-value', '--env', 'MODE=a=b'));
    expect(stdio.code).toBe(0);
    // The run that stores the first secret creates the plain secrets file, and says so that once.
    expect(stdio.stderr).toMatch(/^warning: [^\n]*secrets\.json[^\n]*not encrypted[^\n]*\n$/);
    expect(stdio.stdout).toMatch(/^Added "Local Fixture" \(stdio, id mcp_\w+\)\n$/);
    const remote = await cli.run([
      'servers', 'add', '--name', 'remote', '--type', 'http', '--url', `${http.url.href}?key=qs-secret`,
      '--header', 'Authorization: Bearer header-secret', '--inactive',
    ]);
    expect(remote).toMatchObject({ code: 0, stderr: '' });
    expect(remote.stdout).toContain('inactive');

    const list = await cli.run(['servers', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^NAME\s+TYPE\s+ACTIVE\s+ID\s+TARGET\n/);
    expect(list.stdout).toMatch(/Local Fixture\s+stdio\s+yes/);
    expect(list.stdout).toMatch(/remote\s+http\s+no/);
    expect(list.stdout).toContain('API_TOKEN=*** MODE=***');
    expect(list.stdout).toContain('Authorization: ***');
    expect(list.stdout).toContain('?key=***');
    for (const secret of ['s3cr3t-value', 'a=b', 'header-secret', 'qs-secret']) expect(list.stdout).not.toContain(secret);

    const listed = await cli.run(['servers', 'list', '--json']);
    expect(listed.code).toBe(0);
    const records = json<Array<{ name: string; config: { env?: object; headers?: object; url?: string } }>>(listed.stdout);
    expect(records.map((r) => r.name)).toEqual(['Local Fixture', 'remote']);
    expect(records[0]?.config.env).toEqual({ API_TOKEN: '***', MODE: '***' });
    expect(records[1]?.config.headers).toEqual({ Authorization: '***' });
    for (const secret of ['s3cr3t-value', 'header-secret', 'qs-secret']) expect(listed.stdout).not.toContain(secret);

    // The stored config keeps the real values: redaction is for output only.
    const tested = await cli.run(['servers', 'test', 'local fixture']);
    expect(tested.code).toBe(0);
  });

  it('lists the good records of a file with a bad one, and says once which record was set aside', async () => {
    const good = { id: 'good', name: 'good', type: 'stdio', config: { command: 'node' } };
    const bad = { id: 'bad', name: 'pigeon', type: 'carrier-pigeon', config: {} };
    writeFileSync(path.join(cli.dir, 'mcp-config.json'), JSON.stringify({ mcpServers: [good, bad] }));
    const listed = await cli.run(['servers', 'list', '--json']);
    expect(listed.code).toBe(0);
    expect(json<Array<{ name: string }>>(listed.stdout).map((s) => s.name)).toEqual(['good']);
    expect(listed.stderr.match(/^warning: .*#1 "pigeon".*$/gm)).toHaveLength(1);
  });

  it('names the flag that is wrong, with exit code 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['servers', 'add', '--type', 'stdio', '--command', 'x'], /--name N is required/],
      [['servers', 'add', '--name', 'a'], /--type is required \(stdio, sse, http, websocket\)/],
      [['servers', 'add', '--name', 'a', '--type', 'tcp'], /--type must be one of stdio, sse, http, websocket; got "tcp"/],
      [['servers', 'add', '--name', 'a', '--type', 'stdio'], /--command: A stdio server needs a command/],
      [['servers', 'add', '--name', 'a', '--type', 'sse', '--url', 'ws://x'], /--url: An sse server needs an http:\/\/ or https:\/\/ URL/],
      [['servers', 'add', '--name', 'a', '--type', 'stdio', '--command', 'x', '--url', 'http://x'], /--url applies only to sse, http and websocket servers/],
      [['servers', 'add', '--name', 'a', '--type', 'http', '--url', 'http://x', '--env', 'A=1'], /--env applies only to stdio servers/],
      [['servers', 'add', '--name', 'a', '--type', 'stdio', '--command', 'x', '--env', 'NOVALUE'], /--env expects K=V/],
      [['servers', 'add', '--name', 'a', '--type', 'http', '--url', 'http://x', '--header', 'no colon'], /--header expects "K: V"/],
      [['servers', 'add', '--name', 'a', '--type', 'stdio', '--command', 'x', '--bogus'], /Unknown option '--bogus'/],
    ];
    for (const [args, message] of cases) {
      const result = await cli.run(args);
      expect(result, args.join(' ')).toMatchObject({ code: 2, stdout: '' });
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toContain('Run "elftia-mcp servers add --help" for usage.');
    }
    expect(json<unknown[]>((await cli.run(['servers', 'list', '--json'])).stdout)).toEqual([]);
  });

  it('takes dash-led --arg values in the --arg=-x form and says how when they are not', async () => {
    const added = await cli.run(['servers', 'add', '--name', 'npx-like', '--type', 'stdio', '--command', 'npx', '--arg=-y', '--arg', 'pkg', '--inactive', '--json']);
    expect(added.code).toBe(0);
    expect(json(added.stdout)).toMatchObject({ name: 'npx-like', isActive: false, config: { command: 'npx', args: ['-y', 'pkg'] } });
    const ambiguous = await cli.run(['servers', 'add', '--name', 'x', '--type', 'stdio', '--command', 'npx', '--arg', '-y']);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain("'--arg=-XYZ'");
  });

  it('refuses a duplicate name (case-insensitive) with exit code 1', async () => {
    expect((await cli.run(stdioFixtureArgs('dup', '--inactive'))).code).toBe(0);
    const again = await cli.run(stdioFixtureArgs('DUP', '--inactive'));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('An MCP server named "DUP" already exists');
  });
});

describe('servers update / enable / disable, --timeout and --ws-protocol', () => {
  type Record = { id: string; name: string; type: string; isActive: boolean; createdAt: number; config: { [key: string]: unknown } };
  const listed = async () => json<Record[]>((await cli.run(['servers', 'list', '--json'])).stdout);

  it('add takes --timeout (seconds) for any server and --ws-protocol for websocket ones', async () => {
    const ws = await cli.run(['servers', 'add', '--name', 'sock', '--type', 'websocket', '--url', 'ws://127.0.0.1:9/mcp', '--ws-protocol', 'mcp.v2', '--timeout', '2.5', '--json']);
    expect(ws.code, ws.stderr).toBe(0);
    expect(json(ws.stdout)).toMatchObject({ config: { url: 'ws://127.0.0.1:9/mcp', wsProtocol: 'mcp.v2', timeoutMs: 2500 } });
    const stdio = await cli.run(stdioFixtureArgs('fx', '--timeout', '7', '--json'));
    expect(json(stdio.stdout)).toMatchObject({ config: { timeoutMs: 7000 } });
    const misplaced = await cli.run(stdioFixtureArgs('x', '--ws-protocol', 'mcp'));
    expect(misplaced).toMatchObject({ code: 2, stdout: '' });
    expect(misplaced.stderr).toContain('--ws-protocol applies only to websocket servers');
    // The router's rule (a positive whole number of ms), named by the flag that set it.
    const zero = await cli.run(stdioFixtureArgs('x', '--timeout', '0'));
    expect(zero).toMatchObject({ code: 2, stdout: '' });
    expect(zero.stderr).toMatch(/^elftia-mcp servers add: --timeout: Too small/);
  });

  it('update changes exactly the flags given; everything else stays as it was', async () => {
    http = await startHttpFixture('http');
    expect((await cli.run(['servers', 'add', '--name', 'web', '--type', 'http', '--url', 'http://127.0.0.1:9/old', '--header', 'Authorization: Bearer kept', '--timeout', '5', '--inactive'])).code).toBe(0);
    const [before] = await listed();
    const updated = await cli.run(['servers', 'update', 'WEB', '--name', 'site', '--url', http.url.href]);
    expect(updated).toMatchObject({ code: 0, stderr: '' });
    expect(updated.stdout).toBe(`Updated "site" (http, id ${before!.id}), inactive\n`);
    const [after] = await listed();
    expect(after).toEqual({ ...before, name: 'site', config: { ...before!.config, url: http.url.href }, updatedAt: expect.any(Number) });
    // The header was kept for real (list redacts it): the server sees it.
    expect((await cli.run(['servers', 'enable', 'site'])).code).toBe(0);
    const headers = await cli.run(['call', 'site', 'headers']);
    expect(headers.stdout.toLowerCase()).toContain('bearer kept');

    const retyped = await cli.run(['servers', 'update', 'site', '--type', 'stdio', '--command', process.execPath, '--arg', FIXTURE_SERVERS.stdio, '--json']);
    expect(retyped.code, retyped.stderr).toBe(0);
    expect(json(retyped.stdout)).toMatchObject({ name: 'site', type: 'stdio', isActive: true, config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio], timeoutMs: 5000 } });
  });

  it('update names the flag at fault, refuses a taken name and an unknown server', async () => {
    await cli.run(stdioFixtureArgs('one', '--inactive'));
    await cli.run(stdioFixtureArgs('two', '--inactive'));
    const cases: Array<[string[], number, RegExp]> = [
      [['servers', 'update', 'one'], 2, /nothing to update: give at least one of --name/],
      [['servers', 'update', 'one', '--type', 'sse'], 2, /^elftia-mcp servers update: --url: An sse server needs a url/],
      [['servers', 'update', 'one', '--url', 'http://x'], 2, /--url applies only to sse, http and websocket servers/],
      [['servers', 'update', 'one', '--timeout=-1'], 2, /--timeout: Too small/],
      [['servers', 'update', 'one', '--name', 'TWO'], 1, /An MCP server named "TWO" already exists/],
      [['servers', 'update', 'ghost', '--name', 'x'], 1, /No MCP server named "ghost"/],
      [['servers', 'enable'], 2, /NAME is required/],
    ];
    for (const [args, code, message] of cases) {
      const result = await cli.run(args);
      expect(result, args.join(' ')).toMatchObject({ code, stdout: '' });
      expect(result.stderr).toMatch(message);
    }
    expect((await listed()).map((s) => s.name)).toEqual(['one', 'two']);
  });

  it('enable and disable toggle isActive and nothing else', async () => {
    await cli.run(stdioFixtureArgs('fx', '--inactive', '--env', 'TOKEN=t'));
    const [before] = await listed();
    expect(await cli.run(['servers', 'enable', 'fx'])).toEqual({ code: 0, stdout: 'Enabled "fx"\n', stderr: '' });
    expect((await cli.run(['servers', 'list'])).stdout).toMatch(/fx\s+stdio\s+yes/);
    expect(await cli.run(['servers', 'disable', before!.id])).toEqual({ code: 0, stdout: 'Disabled "fx"\n', stderr: '' });
    const [after] = await listed();
    expect(after).toEqual({ ...before, updatedAt: expect.any(Number) });
  });
});

describe('servers import / remove / test', () => {
  it('imports a Claude Desktop file: good entries added, the bad one named, exit code 1', async () => {
    const file = path.join(cli.dir, 'claude_desktop_config.json');
    writeFileSync(
      file,
      JSON.stringify({
        mcpServers: {
          fixture: { command: process.execPath, args: [FIXTURE_SERVERS.stdio], env: { TOKEN: 'imported-secret' } },
          remote: { url: 'http://127.0.0.1:9/mcp', disabled: true },
          broken: { command: 42 },
        },
      }),
    );
    const imported = await cli.run(['servers', 'import', file]);
    expect(imported.code).toBe(1);
    expect(imported.stdout).toMatch(/added\s+"fixture" \(id mcp_\w+\)/);
    expect(imported.stdout).toMatch(/added\s+"remote"/);
    expect(imported.stdout).toContain('Imported 2 of 3 servers');
    expect(imported.stderr).toMatch(/error: "broken" was not added: command: /);

    const list = await cli.run(['servers', 'list']);
    expect(list.stdout).toMatch(/fixture\s+stdio\s+yes/);
    expect(list.stdout).toMatch(/remote\s+http\s+no/);
    expect(list.stdout).not.toContain('imported-secret');
    expect((await cli.run(['servers', 'test', 'fixture'])).code).toBe(0);
  });

  it('imports from stdin with --json; a file that is not JSON is a usage error', async () => {
    const stdin = JSON.stringify({ servers: { vscode: { type: 'stdio', command: process.execPath, args: [FIXTURE_SERVERS.stdio] } } });
    const imported = await cli.run(['servers', 'import', '-', '--json'], stdin);
    expect(imported.code).toBe(0);
    expect(json(imported.stdout)).toMatchObject({ results: [{ key: 'vscode', outcome: 'added' }] });

    const garbage = await cli.run(['servers', 'import', '-'], '{\n  "a": { "command": "x" }\n  "b": {}\n}');
    expect(garbage.code).toBe(2);
    expect(garbage.stderr).toContain("Not valid JSON at line 3, column 3: expected ',' or '}'");
    const missing = await cli.run(['servers', 'import', path.join(cli.dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Cannot read');
    expect((await cli.run(['servers', 'import'])).stderr).toContain('FILE (or - for stdin, or --from APP) is required');
  });

  it('previews an import, then imports it with --on-duplicate rename / replace', async () => {
    await cli.run(stdioFixtureArgs('fx'));
    const config = JSON.stringify({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE_SERVERS.stdio] }, bad: { url: 'ftp://h' } } });
    const preview = await cli.run(['servers', 'import', '-', '--preview'], config);
    expect(preview.code).toBe(1);
    expect(preview.stdout).toMatch(/fx\s+stdio\s+.+duplicate of "fx" \(rename suggests "fx-2"\)/);
    expect(preview.stdout).toMatch(/bad\s+-\s+invalid: url: /);
    expect(json((await cli.run(['servers', 'list', '--json'])).stdout)).toHaveLength(1);

    const renamed = await cli.run(['servers', 'import', '-', '--on-duplicate', 'rename'], config);
    expect(renamed.stdout).toMatch(/renamed "fx" as "fx-2" \(id mcp_\w+\)/);
    expect(renamed.stderr).toContain('error: "bad" was not added: config.url');
    const [before] = json((await cli.run(['servers', 'list', '--json'])).stdout) as { id: string }[];
    const replaced = await cli.run(['servers', 'import', '-', '--on-duplicate', 'replace', '--json'], JSON.stringify({ FX: { command: 'other' } }));
    expect(replaced.code).toBe(0);
    expect(json(replaced.stdout)).toMatchObject({ results: [{ key: 'FX', outcome: 'replaced', id: before!.id }] });
    expect((await cli.run(['servers', 'list'])).stdout).toMatch(/FX\s+stdio\s+yes\s+\S+\s+other/);
    expect((await cli.run(['servers', 'import', '-', '--on-duplicate', 'merge'], config)).stderr).toContain('--on-duplicate must be skip, replace or rename');
  });

  it('tests a server: tools on success, the stderr tail and exit 1 on failure', async () => {
    await cli.run(stdioFixtureArgs('good'));
    await cli.run(['servers', 'add', '--name', 'dies', '--type', 'stdio', '--command', process.execPath, '--arg', FIXTURE_SERVERS.exitAtStart, '--inactive']);
    const ok = await cli.run(['servers', 'test', 'GOOD']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^OK {2}"good" \(elftia-fixture 1\.0\.0\): \d+ tools in \d+ ms\n {4}echo, add, image/);
    const asJson = await cli.run(['servers', 'test', 'good', '--json']);
    expect(json(asJson.stdout)).toMatchObject({ success: true, serverInfo: { name: 'elftia-fixture' } });

    const failed = await cli.run(['servers', 'test', 'dies']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^error: Could not connect to "dies"/);
    expect(failed.stderr).toContain('fixture: FIXTURE_API_KEY is not set');
  });

  it('removes by name or id; an unknown server is named, exit 1', async () => {
    await cli.run(stdioFixtureArgs('one', '--inactive'));
    await cli.run(stdioFixtureArgs('two', '--inactive'));
    const [, two] = json<Array<{ id: string }>>((await cli.run(['servers', 'list', '--json'])).stdout);
    expect((await cli.run(['servers', 'remove', 'ONE'])).stdout).toMatch(/^Removed "one"/);
    expect((await cli.run(['servers', 'remove', two!.id])).stdout).toMatch(/^Removed "two"/);
    const unknown = await cli.run(['servers', 'remove', 'ghost']);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toContain('No MCP server named "ghost"');
  });
});

describe('tools and call', () => {
  beforeEach(async () => {
    expect((await cli.run(stdioFixtureArgs('fx'))).code).toBe(0);
  });

  it('tools --json gives ids, names, descriptions and schemas; the human form summarises arguments', async () => {
    const listed = await cli.run(['tools', 'fx', '--json']);
    expect(listed.code).toBe(0);
    const tools = json<Array<Record<string, unknown>>>(listed.stdout);
    const echo = tools.find((t) => t.name === 'echo');
    expect(echo).toEqual({
      id: 'mcp__fx__echo',
      name: 'echo',
      description: 'Returns its text argument',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      serverId: expect.stringMatching(/^mcp_/),
      serverName: 'fx',
    });
    for (const tool of tools) {
      // title, annotations and outputSchema only where the server sent them (the fixture's `add`, `crash` and `structured`).
      const optional = ['annotations', 'title', 'outputSchema'].filter((key) => key in tool);
      expect(Object.keys(tool).sort()).toEqual(['description', 'id', 'inputSchema', 'name', 'serverId', 'serverName', ...optional].sort());
    }
    expect(tools.find((t) => t.name === 'add')).toMatchObject({ title: 'Add numbers', annotations: { readOnlyHint: true } });
    expect(tools.find((t) => t.name === 'structured')).toMatchObject({ outputSchema: { type: 'object', required: ['sum'] } });

    const human = await cli.run(['tools', 'FX']);
    expect(human.stdout).toContain('echo  (mcp__fx__echo)\n  Returns its text argument\n  args: text*: string\n');
    expect(human.stdout).toContain('image  (mcp__fx__image)\n  Returns a tiny PNG image\n  args: (none)\n');
  });

  it('call prints text, placeholders for images and audio, and --json the whole result', async () => {
    expect(await cli.run(['call', 'fx', 'echo', '--args', '{"text":"hello there"}'])).toEqual({ code: 0, stdout: 'hello there\n', stderr: '' });
    expect(await cli.run(['call', 'fx', 'image'])).toEqual({ code: 0, stdout: '[Image: image/png]\n', stderr: '' });
    expect((await cli.run(['call', 'fx', 'audio'])).stdout).toBe('[Audio: audio/wav]\n');
    const asJson = await cli.run(['call', 'fx', 'add', '--args', '{"a":2,"b":3}', '--json']);
    expect(asJson.code).toBe(0);
    expect(json(asJson.stdout)).toMatchObject({ isError: false, content: [{ type: 'text', text: '5' }], callId: expect.any(String) });
  });

  it('call shows the escape sequences and bidi controls of a result instead of sending them to the terminal; --json stays exact', async () => {
    const text = 'ok\u001b[2J\u001b]0;title\u0007 \u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007 \u009b31m \u202eabc\u2069 \rover\nnext\tcol';
    const args = JSON.stringify({ text });
    const human = await cli.run(['call', 'fx', 'echo', '--args', args]);
    expect(human.code).toBe(0);
    expect(human.stdout).toBe(
      'ok\\u001b[2J\\u001b]0;title\\u0007 \\u001b]8;;https://evil.example\\u0007link\\u001b]8;;\\u0007 \\u009b31m \\u202eabc\\u2069 \\u000dover\nnext\tcol\n',
    );
    const asJson = await cli.run(['call', 'fx', 'echo', '--args', args, '--json']);
    expect(asJson.stdout).not.toMatch(RAW_TERMINAL_CONTROL);
    expect(json<{ content: { text: string }[] }>(asJson.stdout).content[0]!.text).toBe(text);
  });

  it('call exits 1 when the tool returns isError or the call fails', async () => {
    const failed = await cli.run(['call', 'fx', 'fail']);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toBe('This tool always fails\n');
    expect(failed.stderr).toBe('error: "fail" on "fx" returned an error result\n');
    expect(json((await cli.run(['call', 'fx', 'fail', '--json'])).stdout)).toMatchObject({ isError: true });

    const crashed = await cli.run(['call', 'fx', 'crash']);
    expect(crashed.code).toBe(1);
    expect(crashed.stderr).toMatch(/^error: The connection to "fx" (closed|failed) during tools\/call/);

    const missingTool = await cli.run(['call', 'fx', 'no_such_tool']);
    expect(missingTool.code).toBe(1);
    expect(missingTool.stderr).toContain('no_such_tool');
  });

  it('call --timeout cancels a slow call and says so, exit 1', async () => {
    const slow = await cli.run(['call', 'fx', 'sleep', '--args', '{"ms":10000}', '--timeout', '0.3']);
    expect(slow.code).toBe(1);
    expect(slow.stderr).toMatch(/^error: "fx" did not answer tools\/call in time; the request was cancelled/);
  });

  it('call --progress reports the server progress on stderr as it arrives, stdout stays the result', async () => {
    const slow = await cli.run(['call', 'fx', 'sleep', '--args', '{"ms":250}', '--progress']);
    expect(slow.code).toBe(0);
    expect(slow.stderr).toBe([1, 2, 3, 4, 5].map((step) => `progress ${step}/5: step ${step} of 5\n`).join(''));
    // Without the flag nothing is asked of the server, so nothing is printed.
    expect((await cli.run(['call', 'fx', 'sleep', '--args', '{"ms":50}'])).stderr).toBe('');
  });

  it('bad --args, --timeout or arguments are usage errors naming the flag; an unknown server is named', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['call', 'fx', 'echo', '--args', '{text:'], /--args is not valid JSON/],
      [['call', 'fx', 'echo', '--timeout', 'soon'], /--timeout must be a number of seconds; got "soon"/],
      // What the router validates, the router says, naming the flag or argument at fault.
      [['call', 'fx', 'echo', '--args', '[1,2]'], /^elftia-mcp call: --args: .*expected record, received array/],
      [['call', 'fx', 'echo', '--args', '"hi"'], /^elftia-mcp call: --args: .*expected record, received string/],
      [['call', 'fx', 'echo', '--timeout', '0'], /^elftia-mcp call: --timeout: Too small/],
      [['call', 'fx', ''], /^elftia-mcp call: TOOL: Too small/],
      [['call', 'fx'], /TOOL is required/],
      [['call', 'fx', 'echo', 'extra'], /Unexpected argument "extra"/],
    ];
    for (const [args, message] of cases) {
      const result = await cli.run(args);
      expect(result, args.join(' ')).toMatchObject({ code: 2, stdout: '' });
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toContain('Run "elftia-mcp call --help" for usage.');
    }
    const unknown = await cli.run(['call', 'nope', 'echo']);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toBe('error: No MCP server named "nope" (run "elftia-mcp servers list" to see the configured servers)\n');
    expect((await cli.run(['tools', 'nope'])).stderr).toContain('"nope"');
  });

  it('works the same over Streamable HTTP', async () => {
    http = await startHttpFixture('http');
    expect((await cli.run(['servers', 'add', '--name', 'web', '--type', 'http', '--url', http.url.href])).code).toBe(0);
    expect((await cli.run(['tools', 'web', '--json'])).code).toBe(0);
    expect(await cli.run(['call', 'web', 'echo', '--args', '{"text":"over http"}'])).toEqual({ code: 0, stdout: 'over http\n', stderr: '' });
  });
});

describe('prompts and resources: list, get, read, complete', () => {
  it("lists and gets the reference server's prompts with their arguments, lists and reads its resources (text and binary, by listed and templated URI) and completes arguments", async () => {
    http = await startEverything('streamableHttp');
    expect((await cli.run(['servers', 'add', '--name', 'everything', '--type', 'http', '--url', http.url.href])).code).toBe(0);

    const prompts = await cli.run(['prompts', 'list', 'everything']);
    expect(prompts.stdout).toContain('args-prompt\n  A prompt with two arguments, one required and one optional\n  args: city*, state\n');
    const resources = await cli.run(['resources', 'list', 'everything']);
    expect(resources.stdout).toMatch(/^demo:\/\/resource\/static\/document\/features\.md {2}features\.md \(text\/markdown\)$/m);

    const prompt = await cli.run(['prompts', 'get', 'everything', 'args-prompt', '--args', '{"city":"Paris","state":"Texas"}']);
    expect(prompt.stderr).toBe('');
    expect(prompt.stdout).toBe("[user]\nWhat's weather in Paris, Texas?\n");
    const asJson = json<{ messages: unknown[] }>((await cli.run(['prompts', 'get', 'everything', 'simple-prompt', '--json'])).stdout);
    expect(asJson.messages).toEqual([{ role: 'user', content: { type: 'text', text: expect.any(String) } }]);

    const doc = await cli.run(['resources', 'read', 'everything', 'demo://resource/static/document/features.md']);
    expect(doc.code, doc.stderr).toBe(0);
    expect(doc.stdout.length).toBeGreaterThan(100);
    const blob = await cli.run(['resources', 'read', 'everything', 'demo://resource/dynamic/blob/7']);
    expect(blob.stdout).toBe('[Resource: demo://resource/dynamic/blob/7 (text/plain)]\n');
    const blobJson = json<{ contents: { uri: string; blob?: string }[] }>((await cli.run(['resources', 'read', 'everything', 'demo://resource/dynamic/blob/7', '--json'])).stdout);
    expect(Buffer.from(blobJson.contents[0]!.blob!, 'base64').toString()).toMatch(/^Resource 7: This is a base64 blob/);

    // Completion: what is typed narrows the values, and the arguments already chosen narrow them too.
    expect((await cli.run(['prompts', 'complete', 'everything', 'completable-prompt', 'department', '--value', 'E'])).stdout).toBe('Engineering\n');
    const lead = await cli.run(['prompts', 'complete', 'everything', 'completable-prompt', 'name', '--context', '{"department":"Sales"}']);
    expect(lead.stdout).toBe('David\nEve\nFrank\n');
    const id = await cli.run(['resources', 'complete', 'everything', 'demo://resource/dynamic/text/{resourceId}', 'resourceId', '--value', '5', '--json']);
    expect(json(id.stdout)).toMatchObject({ values: ['5'] });
  });

  it('says which argument is wrong, which server refused what, and which server offers no prompts or completions', async () => {
    await cli.run(stdioFixtureArgs('fixture'));
    // Refused before any server starts: prompt arguments are strings by the spec.
    const numeric = await cli.run(['prompts', 'get', 'fixture', 'greet', '--args', '{"city":3}']);
    expect(numeric.code).toBe(2);
    expect(numeric.stderr).toContain('--args "city": Invalid input: expected string, received number');
    const unknown = await cli.run(['prompts', 'get', 'fixture', 'no-such-prompt']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/"fixture" answered prompts\/get with an error: .*no-such-prompt/);
    const missing = await cli.run(['resources', 'read', 'fixture', 'demo://nowhere/at/all']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('"fixture" answered resources/read with an error');

    await cli.run(stdioFixtureArgs('plain', '--env', 'FIXTURE_TOOLS_ONLY=1'));
    const none = await cli.run(['prompts', 'get', 'plain', 'anything']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('"plain" did not announce the prompts capability');
    const noList = await cli.run(['resources', 'list', 'plain']);
    expect(noList.code).toBe(1);
    expect(noList.stderr).toContain('"plain" did not announce the resources capability');
    const noCompletions = await cli.run(['prompts', 'complete', 'plain', 'p', 'a']);
    expect(noCompletions.stderr).toContain('"plain" did not announce the completions capability');
  });
});

describe('help and dispatch', () => {
  it('prints help for every command, exit 0', async () => {
    const topics: Array<[string[], string]> = [
      [['--help'], 'Usage: elftia-mcp [--config-dir DIR] <command>'],
      [['help', 'call'], 'Usage: elftia-mcp [--config-dir DIR] call NAME TOOL'],
      [['servers', '--help'], 'Usage: elftia-mcp [--config-dir DIR] servers <list|add|update|enable|disable|import|remove|test|auth|signout|export|install-link|activate>'],
      [['servers', 'update', '--help'], 'Changes exactly the fields whose flags are given'],
      [['servers', 'add', '--help'], '--header "K: V"'],
      [['servers', 'import', '-h'], 'FILE|-'],
      [['servers', 'activate', '--help'], 'servers activate NAME [--yes] [--allow-risky-env] [--json]'],
      [['tools', '--help'], 'tools NAME [--json]'],
      [['convert', '--help'], '--format openai|openai-responses|anthropic|gemini'],
    ];
    for (const [args, text] of topics) {
      const result = await cli.run(args);
      expect(result, args.join(' ')).toMatchObject({ code: 0, stderr: '' });
      expect(result.stdout).toContain(text);
    }
  });

  it('unknown commands and global options are usage errors', async () => {
    expect(await cli.run([])).toMatchObject({ code: 0 });
    const unknown = await cli.run(['serve']);
    expect(unknown).toMatchObject({ code: 2, stderr: 'elftia-mcp: Unknown command "serve"\nRun "elftia-mcp --help" for usage.\n' });
    expect((await cli.run(['servers', 'rename'])).stderr).toContain('Unknown subcommand "servers rename"');
    expect((await cli.run(['servers'])).stderr).toContain('servers needs a subcommand');
    expect((await cli.run(['--quiet', 'servers', 'list'])).code).toBe(2);
  });
});
