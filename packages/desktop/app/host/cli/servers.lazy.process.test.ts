/**
 * The CLI's side of the lazy pool: `servers test --all` (the list's "Check all"), `servers list`
 * showing what was last seen of each server without starting any, and the fix line for a broken
 * npx cache (a stand-in npx on PATH, e2e/fixtures/servers/fake-npx.mjs).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { assertNoChildren, FIXTURE_SERVERS } from '@fixtures/servers/paths';
import { makeSandbox, stdioFixtureArgs, type CliSandbox } from '@desktop-testing/cliTestkit';

let cli: CliSandbox;
beforeEach(() => {
  cli = makeSandbox();
});
afterEach(async () => {
  cli.remove();
  await assertNoChildren();
});

const TIME = String.raw`\d{4}-\d\d-\d\d \d\d:\d\d:\d\d`;

it('servers test --all checks every active server; servers list then shows what was seen, starting nothing', { timeout: 60_000 }, async () => {
  await cli.run(stdioFixtureArgs('good'));
  await cli.run(['servers', 'add', '--name', 'dies', '--type', 'stdio', '--command', process.execPath, '--arg', FIXTURE_SERVERS.exitAtStart]);
  await cli.run(stdioFixtureArgs('off', '--inactive'));
  // Before anything was ever connected, there is nothing to show below the list.
  expect((await cli.run(['servers', 'list'])).stdout).not.toContain('Last seen');

  const all = await cli.run(['servers', 'test', '--all']);
  expect(all.code).toBe(1);
  expect(all.stdout).toMatch(/^OK {2}"good" \(elftia-fixture 1\.0\.0\): (\d+) tools in \d+ ms\n/);
  expect(all.stdout).toContain('Checked 2 active servers: 1 connected, 1 failed\n');
  expect(all.stderr).toMatch(/^error: Could not connect to "dies"/);
  const tools = Number(/: (\d+) tools/.exec(all.stdout)![1]);

  const list = await cli.run(['servers', 'list']);
  expect(list.code).toBe(0);
  expect(list.stdout).toMatch(/^NAME\s+TYPE\s+ACTIVE\s+ID\s+TARGET\n/);
  expect(list.stdout).toContain('Last seen (servers start only when something needs them):\nNAME');
  expect(list.stdout).toMatch(new RegExp(`\\ngood\\s+${tools}, listed ${TIME}\\s+ok ${TIME}\\n`));
  expect(list.stdout).toMatch(new RegExp(`\\ndies\\s+-\\s+failed ${TIME} \\(1 in a row\\): MCP_CONNECT_FAILED: Could not connect to "dies"`));
  expect(list.stdout.slice(list.stdout.indexOf('Last seen'))).not.toMatch(/\noff\s/);

  const listed = JSON.parse((await cli.run(['servers', 'list', '--json'])).stdout) as Array<{ name: string; lastSeen?: { tools?: { list: unknown[] }; outcome?: { ok: boolean } } }>;
  expect(listed.map((s) => [s.name, s.lastSeen?.tools?.list.length, s.lastSeen?.outcome?.ok])).toEqual([
    ['good', tools, true],
    ['dies', undefined, false],
    ['off', undefined, undefined],
  ]);

  const json = JSON.parse((await cli.run(['servers', 'test', '--all', '--json'])).stdout) as Array<{ name: string; result: { success: boolean } }>;
  expect(json.map((r) => [r.name, r.result.success])).toEqual([
    ['good', true],
    ['dies', false],
  ]);
  expect((await cli.run(['servers', 'test', 'good', '--all'])).code).toBe(2);
});

it('a broken npx cache gets the exact command that removes that one folder', { timeout: 30_000 }, async () => {
  const bin = path.join(cli.dir, 'bin');
  fs.mkdirSync(bin);
  fs.symlinkSync(FIXTURE_SERVERS.fakeNpx, path.join(bin, 'npx'));
  const cache = path.join(cli.dir, 'npm cache');
  await cli.run([
    'servers', 'add', '--name', 'semver', '--type', 'stdio', '--command', 'npx', '--arg=-y', '--arg', 'semver@7.6.0',
    '--env', `PATH=${bin}:${process.env.PATH ?? ''}`, '--env', `npm_config_cache=${cache}`, '--env', 'FAKE_NPX_MODE=broken',
  ]);
  const tested = await cli.run(['servers', 'test', 'semver']);
  expect(tested.code).toBe(1);
  // The folder npx 11 itself names for `semver@7.6.0`, quoted for the shell (its path has a space).
  expect(tested.stderr).toContain(`To repair it, remove that folder; npx downloads the package again:\n  rm -rf '${path.join(cache, '_npx', '9dfaefb6dc6ac94c')}'\n`);
});
