/**
 * agents.json through the router, on real files in a temp folder: env values of session servers
 * and credentials in their arguments live in the secret store (the file holds refs), leave masked and come back unchanged when a
 * form sends the mask back, go with the preset; built-ins are read-only; a file that cannot be
 * read is an error naming it and is left as it was.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';
import type { RouteInput, RouteName } from '@shared/contracts/ipc';
import { SECRETS_FILE_NAME } from '../secrets/fileSecretStore';
import { AGENTS_FILE_NAME } from './AgentStore';

let s: TempServices;
beforeEach(() => {
  s = createTempServices();
});
afterEach(() => s.cleanup());

const rpc = <R extends RouteName>(route: R, input: RouteInput<R>) => s.router.dispatch(route, input);
const file = () => fs.readFileSync(path.join(s.configDir, AGENTS_FILE_NAME), 'utf8');
const secretsFile = () => fs.readFileSync(path.join(s.configDir, SECRETS_FILE_NAME), 'utf8');
const PRESET = { name: 'Keyed', sessionServers: { kit: { command: 'node', args: ['kit.js'], env: { API_KEY: 'sk-agent-secret-1' } } } };

describe('agent presets on disk', () => {
  it('keeps env values in the secret store, masks them, keeps them through a masked save, and deletes them with the preset', async () => {
    const saved = await rpc('agents.save', { preset: PRESET });
    expect(saved).toMatchObject({ ok: true, data: { name: 'Keyed', builtin: false, sessionServers: { kit: { env: { API_KEY: '***' } } } } });
    const id = (saved as { data: { id: string } }).data.id;
    expect(file()).not.toContain('sk-agent-secret-1');
    expect(file()).toContain(`$secret:agent:${id}:kit:env:API_KEY`);
    expect(secretsFile()).toContain('sk-agent-secret-1');
    expect((fs.statSync(path.join(s.configDir, AGENTS_FILE_NAME)).mode & 0o777).toString(8)).toBe('600');

    // The form sends back what it was given (the mask) with another change: the secret stays.
    const edited = await rpc('agents.save', { id, preset: { ...PRESET, instructions: 'new', sessionServers: { kit: { ...PRESET.sessionServers.kit, env: { API_KEY: '***' } } } } });
    expect(edited).toMatchObject({ ok: true, data: { instructions: 'new' } });
    expect(JSON.parse((await rpc('agents.export', { withSecrets: true }) as { data: { json: string } }).data.json).agents[0].sessionServers.kit.env).toEqual({ API_KEY: 'sk-agent-secret-1' });

    // The form's eye: one session server's real env values; a server the preset lacks is named.
    expect(await rpc('agents.reveal_secrets', { agent: 'keyed', server: 'kit' })).toEqual({ ok: true, data: { env: { API_KEY: 'sk-agent-secret-1' } } });
    expect(await rpc('agents.reveal_secrets', { agent: 'keyed', server: 'nope' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', message: expect.stringContaining('"nope"') } });

    expect(await rpc('agents.remove', { agent: 'keyed' })).toMatchObject({ ok: true });
    expect(secretsFile()).not.toContain('sk-agent-secret-1');
    expect(JSON.parse(file()).agents).toEqual([]);
  });

  it('keeps a credential typed into an argument in the secret store (only the credential), masks it, keeps it through a masked save, and never resolves another slot\'s ref', async () => {
    const keyed = { name: 'Args', sessionServers: { kit: { command: 'node', args: ['kit.js', '--api-key=sk-agent-arg-secret-2', '--token', 'tok-agent-arg-secret-3'] } } };
    const saved = (await rpc('agents.save', { preset: keyed })) as { ok: true; data: { id: string; sessionServers: { kit: { args: string[] } } } };
    const id = saved.data.id;
    expect(saved.data.sessionServers.kit.args).toEqual(['kit.js', '--api-key=***', '--token', '***']);
    expect(file()).not.toContain('agent-arg-secret');
    expect(JSON.parse(file()).agents[0].sessionServers.kit.args).toEqual([
      'kit.js',
      `--api-key=$secret:agent:${id}:kit:args:1:0`,
      '--token',
      `$secret:agent:${id}:kit:args:3:0`,
    ]);
    expect(secretsFile()).toContain('sk-agent-arg-secret-2');

    // The form sends the masked arguments back: the credentials stay; a changed one replaces its value.
    await rpc('agents.save', { id, preset: { ...keyed, sessionServers: { kit: { command: 'node', args: ['kit.js', '--api-key=***', '--token', 'tok-new-4'] } } } });
    const exported = (await rpc('agents.export', { withSecrets: true })) as { data: { json: string } };
    expect(JSON.parse(exported.data.json).agents[0].sessionServers.kit.args).toEqual(['kit.js', '--api-key=sk-agent-arg-secret-2', '--token', 'tok-new-4']);
    expect(secretsFile()).not.toContain('tok-agent-arg-secret-3');

    // An import that names this preset's slot (or any other) in an argument gets the text, not the secret.
    const hostile = JSON.stringify({ name: 'Thief', sessionServers: { kit: { command: 'node', args: [`--x=$secret:agent:${id}:kit:args:1:0`] } } });
    await rpc('agents.import', { text: hostile, onDuplicate: 'refuse' });
    const thief = (await rpc('agents.export', { agents: ['Thief'], withSecrets: true })) as { data: { json: string } };
    expect(thief.data.json).not.toContain('sk-agent-arg-secret-2');

    expect(await rpc('agents.remove', { agent: 'args' })).toMatchObject({ ok: true });
    expect(secretsFile()).not.toContain('sk-agent-arg-secret-2');
    expect(secretsFile()).not.toContain('tok-new-4');
  });

  it('built-ins are listed first and cannot be changed or removed; names are unique across both', async () => {
    const list = (await rpc('agents.list', {})) as { data: { id: string; name: string; builtin: boolean }[] };
    expect(list.data.map((a) => [a.id, a.builtin])).toEqual([
      ['builtin:example-tools', true],
      ['builtin:files', true],
    ]);
    expect(await rpc('agents.save', { id: 'builtin:files', preset: { name: 'Files' } })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await rpc('agents.remove', { agent: 'files' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await rpc('agents.save', { preset: { name: 'example TOOLS' } })).toMatchObject({ ok: false, error: { code: 'DUPLICATE_NAME' } });
    expect(fs.existsSync(path.join(s.configDir, AGENTS_FILE_NAME))).toBe(false);
  });

  it('a file that is not a presets file is an error naming it, and is left untouched', async () => {
    fs.writeFileSync(path.join(s.configDir, AGENTS_FILE_NAME), '{"version": 1, "agents": [{"name": 3}]}');
    const before = file();
    expect(await rpc('agents.list', {})).toMatchObject({ ok: false, error: { code: 'CONFIG_STORE_FAILED', message: expect.stringContaining(AGENTS_FILE_NAME) } });
    expect(await rpc('agents.save', { preset: { name: 'New' } })).toMatchObject({ ok: false, error: { code: 'CONFIG_STORE_FAILED' } });
    expect(file()).toBe(before);
  });
});
