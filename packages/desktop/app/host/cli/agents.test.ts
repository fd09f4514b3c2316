/**
 * `elftia-mcp agents …` in-process against a temp config folder (no server starts): import and
 * export round-trip, the smallest file and a list of them import, bad input names the preset and
 * the field and writes nothing, secrets stay out of the file and out of exports.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSandbox, type CliSandbox } from '@desktop-testing/cliTestkit';

let cli: CliSandbox;
beforeEach(() => {
  cli = makeSandbox();
});
afterEach(() => cli.remove());

const SMALLEST = { name: 'Weather', instructions: 'Report the weather.', sessionServers: { wx: { command: 'node', args: ['wx.js'], env: { WX_KEY: 'sk-weather-secret' } } } };
const names = async () => JSON.parse((await cli.run(['agents', 'list', '--json'])).stdout).map((a: { name: string }) => a.name);

describe('elftia-mcp agents', () => {
  it('imports the smallest file, exports it back and imports the export elsewhere unchanged', async () => {
    const imported = await cli.run(['agents', 'import', '-'], JSON.stringify(SMALLEST));
    expect(imported).toMatchObject({ code: 0, stdout: 'Imported agent preset "Weather"\n' });
    expect(await names()).toEqual(['Example tools', 'Files', 'Weather']);

    // The secret is in the secret store, not in agents.json; listings mask it, exports leave it empty.
    const file = readFileSync(path.join(cli.dir, 'agents.json'), 'utf8');
    expect(file).not.toContain('sk-weather-secret');
    expect(file).toContain('$secret:agent:');
    expect((await cli.run(['agents', 'show', 'weather'])).stdout).toContain('wx: node wx.js  (env: WX_KEY=***)');
    const plain = JSON.parse((await cli.run(['agents', 'export'])).stdout);
    expect(plain.agents[0].sessionServers.wx.env).toEqual({ WX_KEY: '' });

    const exported = (await cli.run(['agents', 'export', '--with-secrets'])).stdout;
    const other = makeSandbox();
    try {
      expect((await other.run(['agents', 'import', '-'], exported)).code).toBe(0);
      const again = (await other.run(['agents', 'export', '--with-secrets'])).stdout;
      expect(JSON.parse(again)).toEqual(JSON.parse(exported));
      expect(JSON.parse(again).agents[0]).toMatchObject({ ...SMALLEST, approval: 'ask', serverIds: [], excludedToolIds: [] });
    } finally {
      other.remove();
    }
  });

  it('imports a list of presets in one go; a taken name refuses the whole file unless --replace', async () => {
    const list = [SMALLEST, { name: 'Second', sessionServers: {} }];
    expect((await cli.run(['agents', 'import', '-', '--json'], JSON.stringify(list))).stdout).toContain('"name": "Second"');
    const again = await cli.run(['agents', 'import', '-'], JSON.stringify([{ name: 'Third' }, { name: 'second' }]));
    expect(again).toMatchObject({ code: 2, stderr: expect.stringContaining('An agent preset is already named "Second"') });
    expect(await names()).toEqual(['Example tools', 'Files', 'Weather', 'Second']);
    const replaced = await cli.run(['agents', 'import', '-', '--replace'], JSON.stringify([{ name: 'Third' }, { name: 'second', instructions: 'new' }]));
    expect(replaced.stdout).toBe('Imported agent preset "Third"\nReplaced agent preset "second"\n');
    expect(await names()).toEqual(['Example tools', 'Files', 'Weather', 'second', 'Third']);
  });

  it('bad input names the preset and the field, and nothing is written', async () => {
    const before = await names();
    const cases: [unknown, string][] = [
      [[{ name: 'Good' }, { name: 'Broken', sessionServers: { files: { args: ['x'] } } }], 'Preset #2 "Broken": sessionServers.files.command'],
      [{ name: 'Sneaky', sessionServers: { mcp: { command: 'node' } } }, 'sessionServers.mcp: Server name "mcp": Must not be "mcp"'],
      [{ name: 'Typo', instruction: 'x' }, 'The preset "Typo"'],
      [{ agents: 'nope' }, '"agents" must be a list of presets'],
    ];
    for (const [input, message] of cases) {
      const run = await cli.run(['agents', 'import', '-'], JSON.stringify(input));
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain(message);
      expect(run.stderr).toContain('Nothing was imported.');
    }
    const notJson = await cli.run(['agents', 'import', '-'], '{ "name": ');
    expect(notJson).toMatchObject({ code: 2, stderr: expect.stringContaining('line 1') });
    expect(await names()).toEqual(before);
  });

  it('adds from flags, refuses to change a built-in, removes', async () => {
    const added = await cli.run(['agents', 'add', 'Flags', '--instructions', 'Be brief.', '--provider', 'deepseek', '--model', 'm', '--session-server', `kit=node "a b.js" {{folder}}`, '--json']);
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({ name: 'Flags', providerId: 'deepseek', sessionServers: { kit: { command: 'node', args: ['a b.js', '{{folder}}'] } } });
    expect(await cli.run(['agents', 'add', 'x', '--session-server', 'nocommand'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--session-server must be NAME=COMMAND') });
    expect(await cli.run(['agents', 'add', 'flags'])).toMatchObject({ code: 1, stderr: expect.stringContaining('already named "Flags"') });
    expect(await cli.run(['agents', 'remove', 'Files'])).toMatchObject({ code: 1, stderr: expect.stringContaining('ships with the app') });
    expect(await cli.run(['agents', 'remove', 'flags'])).toMatchObject({ code: 0, stdout: 'Removed agent preset "Flags"\n' });
    expect(await cli.run(['agents', 'show', 'flags'])).toMatchObject({ code: 1, stderr: expect.stringContaining('No agent preset is named "flags"') });
  });
});
