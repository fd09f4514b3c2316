/**
 * MCP Apps in the CLI (issue 32, item 5), in-process (runCli) against the official
 * server-basic-vanillajs example (--stdio) and our app fixture: `tools` marks the tools with an
 * app and the app-only ones, `call` says how to open a tool's app, and `apps open` checks the
 * server, the tool, its app and the arguments before it opens browser mode at the playground link.
 * One config folder, its servers and one browser-mode host (in this process) for the file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_EXAMPLE_SERVERS, FIXTURE_SERVERS } from '@fixtures/servers/paths';
import { makeSandbox, type CliSandbox } from '@desktop-testing/cliTestkit';
import { waitNoStrayChildren } from '@desktop-testing/McpService.testkit';
import { readAppLink } from '../../shared/appLink';
import { poolSettings } from '../../main/services/poolSettings';
import { openHost, type OpenedHost } from '../openHost';

let cli: CliSandbox;
let browser: OpenedHost | undefined;

beforeAll(async () => {
  cli = makeSandbox();
  const add = (name: string, ...args: string[]) =>
    cli.run(['servers', 'add', '--name', name, '--type', 'stdio', '--command', process.execPath, ...args.map((arg) => `--arg=${arg}`)]);
  expect((await add('basic', APP_EXAMPLE_SERVERS.basicVanillajs, '--stdio')).code).toBe(0);
  expect((await add('apps', FIXTURE_SERVERS.apps)).code).toBe(0);
});

afterAll(async () => {
  await browser?.dispose();
  cli.remove();
  expect(await waitNoStrayChildren()).toEqual([]);
});

describe('without browser mode', () => {
  it('without browser mode running and no build to start it from, says how to start it', async () => {
    const run = await cli.run(['apps', 'open', 'basic', 'get-time', '--print']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('browser mode does not run for this config folder; start it (npm run start:web -- --config-dir');
  });
});

describe('with browser mode running (commands go to it, its servers stay warm)', () => {
  let appsId = '';
  beforeAll(async () => {
    browser = await openHost({ configDir: cli.dir, kind: 'browser', port: 0, pool: poolSettings({}, {}), warn: () => undefined });
    const servers = JSON.parse((await cli.run(['servers', 'list', '--json'])).stdout) as Array<{ id: string; name: string }>;
    appsId = servers.find((server) => server.name === 'apps')!.id;
  });

  it('tools marks the tools that have an app, and the app-only ones, which have no id a model sees', async () => {
    const basic = await cli.run(['tools', 'basic']);
    expect(basic).toMatchObject({ code: 0, stderr: '' });
    expect(basic.stdout).toMatch(/^get-time {2}\(mcp__basic__get_time\) {2}\[app\]$/m);
    const fixture = await cli.run(['tools', 'apps']);
    expect(fixture.stdout).toMatch(/^notes_view {2}\(mcp__apps__notes_view\) {2}\[app\]$/m);
    expect(fixture.stdout).toMatch(/^model_only {2}\(mcp__apps__model_only\)$/m);
    expect(fixture.stdout).toMatch(/^wipe_notes {2}\[app only: only its app may call it; no model is offered it\]$/m);
    expect(fixture.stdout).toMatch(/^report {2}\[app only/m);
    const listed = JSON.parse((await cli.run(['tools', 'apps', '--json'])).stdout) as Array<{ name: string; id: string; app?: { resourceUri?: string } }>;
    expect(listed.find((tool) => tool.name === 'notes_view')).toMatchObject({ id: 'mcp__apps__notes_view', app: { resourceUri: 'ui://fixture/notes.html' } });
    expect(listed.find((tool) => tool.name === 'count_notes')).toMatchObject({ id: '', app: { visibility: ['app'] } });
  });

  it('call prints the text result, and on stderr how to open the tool’s app', async () => {
    const called = await cli.run(['call', 'basic', 'get-time']);
    expect(called.code).toBe(0);
    expect(called.stdout).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z\n$/);
    expect(called.stderr).toBe(`"get-time" has an app. To open it: elftia-mcp --config-dir ${cli.dir} apps open basic get-time\n`);
    const withArgs = await cli.run(['call', 'apps', 'notes_view', '--args', '{"title":"it\'s mine"}']);
    expect(withArgs.stdout).toBe("notes view: it's mine\n");
    expect(withArgs.stderr).toContain(`apps open apps notes_view --args '{"title":"it'\\''s mine"}'\n`);
    // No app, no line; --json stays only JSON.
    expect((await cli.run(['call', 'apps', 'model_only'])).stderr).toBe('');
    expect((await cli.run(['call', 'basic', 'get-time', '--json'])).stderr).toBe('');
  });

  it('names what is wrong before anything starts: the tool, its app, each argument that does not fit', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['apps', 'open', 'basic', 'nope'], /"basic" has no tool "nope"/],
      [['apps', 'open', 'apps', 'model_only'], /"model_only" of "apps" has no app/],
      [['apps', 'open', 'apps', 'notes_view'], /--args does not fit the input schema of "notes_view": title: .*required/],
      [['apps', 'open', 'apps', 'notes_view', '--args', '{"title":"t","limit":"ten"}'], /--args does not fit the input schema of "notes_view": limit: /],
      [['apps', 'open', 'apps', 'notes_view', '--args', '[1]'], /--args must be a JSON object/],
    ];
    for (const [args, message] of cases) {
      const run = await cli.run(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stdout).toBe('');
    }
  });

  it('opens browser mode at the playground link of the server, the tool and the arguments', async () => {
    const printed = await cli.run(['apps', 'open', 'apps', 'notes_view', '--args', '{"title":"Groceries","limit":2}', '--print']);
    expect(printed).toMatchObject({ code: 0, stderr: '' });
    const url = new URL(printed.stdout.trim());
    expect(url.origin).toBe(`http://127.0.0.1:${browser!.host.port}`);
    expect(url.searchParams.get('token')).toBe(browser!.host.token);
    expect(readAppLink(url.hash)).toEqual({ ok: true, link: { serverId: appsId, toolName: 'notes_view', args: { title: 'Groceries', limit: 2 } } });

    // Without --print, the same address goes to $BROWSER.
    const opened = path.join(cli.dir, 'opened.txt');
    const recorder = path.join(cli.dir, 'browser.mjs');
    writeFileSync(recorder, `import { appendFileSync } from 'node:fs'; appendFileSync(${JSON.stringify(opened)}, process.argv[2] + '\\n');`);
    const run = await cli.run(['apps', 'open', 'basic', 'get-time'], '', { env: { BROWSER: `${process.execPath} ${recorder}` } });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^Opened the app of "get-time" on "basic" in your browser \(browser mode, pid \d+\)\.\n$/);
    const seen = () => {
      try {
        return readFileSync(opened, 'utf8');
      } catch {
        return '';
      }
    };
    await expect.poll(seen, { timeout: 5_000 }).toBe(run.stdout);
    expect(readAppLink(new URL(run.stdout.trim()).hash)).toMatchObject({ ok: true, link: { toolName: 'get-time', args: {} } });
  });
});
