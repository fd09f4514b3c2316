import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openLocalStores } from '../appStores';
import { openConfMcpConfigStore } from '../config/confBackend';
import { makeTempConfigDir } from '@desktop-testing/tempServices';
import { openFileSecretStore, SECRETS_FILE_NAME } from './fileSecretStore';
import type { SecretCipher } from './SecretStore';
import { withSecretsByReference } from './secretsByReference';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = makeTempConfigDir();
  dirs.push(d);
  return d;
};

/** A file an older build wrote: values in clear. */
function writeOldConfig(dir: string) {
  const record = {
    id: 'mcp_old',
    name: 'old',
    type: 'http',
    isActive: false,
    config: { url: 'https://example.test/mcp', headers: { Authorization: 'Bearer old-bearer-token' }, env: { EXTRA_KEY: 'old-extra-value' } },
  };
  fs.writeFileSync(path.join(dir, 'mcp-config.json'), JSON.stringify({ mcpServers: [record], theme: 'kept' }), { mode: 0o600 });
}

/** Reversible and keyed, standing in for the desktop app's safeStorage. */
const xorCipher = (key: string): SecretCipher => {
  const pad = createHash('sha256').update(key).digest();
  const xor = (bytes: Buffer) => Buffer.from(bytes.map((b, i) => b ^ pad[i % pad.length]!));
  return { id: 'desktop', encrypt: (p) => xor(Buffer.from(p)).toString('base64'), decrypt: (s) => xor(Buffer.from(s, 'base64')).toString() };
};

describe('server secrets by reference', () => {
  it('moves values an older build left in clear into the secret store when it opens', () => {
    const dir = tempDir();
    writeOldConfig(dir);
    const { configStore } = openLocalStores(dir);

    const onDisk = fs.readFileSync(configStore.path, 'utf8');
    expect(onDisk).not.toMatch(/old-bearer-token|old-extra-value/);
    expect(JSON.parse(onDisk)).toMatchObject({
      theme: 'kept',
      mcpServers: [{ config: { headers: { Authorization: '$secret:server:mcp_old:headers:Authorization' }, env: { EXTRA_KEY: '$secret:server:mcp_old:env:EXTRA_KEY' } } }],
    });
    expect(configStore.readServers()[0]?.config).toMatchObject({
      headers: { Authorization: 'Bearer old-bearer-token' },
      env: { EXTRA_KEY: 'old-extra-value' },
    });
    // A second open finds nothing to move and writes nothing.
    const before = fs.readFileSync(configStore.path, 'utf8');
    openLocalStores(dir);
    expect(fs.readFileSync(configStore.path, 'utf8')).toBe(before);
  });

  it('leaves a value it cannot decrypt alone when it saves the record for another reason', () => {
    const dir = tempDir();
    writeOldConfig(dir);
    const secretsFile = path.join(dir, SECRETS_FILE_NAME);
    const desktop = withSecretsByReference(openConfMcpConfigStore(dir), openFileSecretStore(secretsFile, { cipher: xorCipher('keychain') }));
    const cli = withSecretsByReference(openConfMcpConfigStore(dir), openFileSecretStore(secretsFile));

    expect(cli.readServers()[0]?.config.headers).toEqual({ Authorization: '' });
    cli.mutate((servers) => ({ servers: servers.map((s) => ({ ...s, name: 'renamed' })), result: undefined }));

    expect(desktop.readServers()[0]).toMatchObject({ name: 'renamed', config: { headers: { Authorization: 'Bearer old-bearer-token' } } });
  });

  it('passes changes another process made on with real values', async () => {
    const dir = tempDir();
    const ours = openLocalStores(dir).configStore;
    const theirs = openLocalStores(dir).configStore;
    ours.readServers();
    const seen: string[] = [];
    ours.onExternalChange(({ after }) => seen.push(after[0]?.config.env?.TOKEN ?? 'none'));
    theirs.mutate(() => ({
      servers: [{ id: 'x', name: 'x', type: 'stdio', scope: 'user', isActive: false, isTrusted: false, disabledTools: [], disabledAutoApproveTools: [], installSource: 'manual', createdAt: 1, config: { command: 'node', env: { TOKEN: 'tok-123456' } } }],
      result: undefined,
    }));
    ours.refresh();
    await Promise.resolve();
    expect(seen).toEqual(['tok-123456']);
  });

  it('moves credentials an older file holds in arguments and the URL, and leaves an argument\'s unreadable one alone', () => {
    const dir = tempDir();
    const record = {
      id: 'mcp_args',
      name: 'args',
      type: 'stdio',
      isActive: false,
      config: { command: 'npx', args: ['-y', 'pkg', '--api-key=sk-old-arg-value', '--token', 'tok-old-two-args'], url: 'https://u:pw-old@example.test/mcp?key=old-query' },
    };
    fs.writeFileSync(path.join(dir, 'mcp-config.json'), JSON.stringify({ mcpServers: [record] }), { mode: 0o600 });
    const secretsFile = path.join(dir, SECRETS_FILE_NAME);
    const desktop = withSecretsByReference(openConfMcpConfigStore(dir), openFileSecretStore(secretsFile, { cipher: xorCipher('keychain') }));

    const onDisk = fs.readFileSync(path.join(dir, 'mcp-config.json'), 'utf8');
    expect(onDisk).not.toMatch(/sk-old-arg-value|tok-old-two-args|pw-old|old-query/);
    expect(JSON.parse(onDisk).mcpServers[0].config).toMatchObject({
      args: ['-y', 'pkg', '--api-key=$secret:server:mcp_args:args:2:0', '--token', '$secret:server:mcp_args:args:4:0'],
      url: 'https://u:$secret:server:mcp_args:url:0@example.test/mcp?key=$secret:server:mcp_args:url:1',
    });
    expect(desktop.readServers()[0]?.config).toMatchObject(record.config);

    // The CLI cannot read the desktop's sealed values; saving for another reason keeps them.
    const cli = withSecretsByReference(openConfMcpConfigStore(dir), openFileSecretStore(secretsFile));
    expect(cli.readServers()[0]?.config.args).toEqual(['-y', 'pkg', '--api-key=', '--token', '']);
    cli.mutate((servers) => ({ servers: servers.map((s) => ({ ...s, name: 'renamed' })), result: undefined }));
    expect(desktop.readServers()[0]).toMatchObject({ name: 'renamed', config: record.config });
  });

  it('never reads another server\'s secret into an argument that names its reference', () => {
    const dir = tempDir();
    const { configStore } = openLocalStores(dir);
    const base = { type: 'stdio' as const, scope: 'user' as const, isActive: false, isTrusted: false, disabledTools: [], disabledAutoApproveTools: [], installSource: 'manual' as const, createdAt: 1 };
    configStore.mutate(() => ({
      servers: [
        { ...base, id: 'victim', name: 'victim', config: { command: 'node', args: ['--api-key=sk-victim-secret'], env: { TOKEN: 'victim-env' } } },
        { ...base, id: 'thief', name: 'thief', config: { command: 'node', args: ['$secret:server:victim:args:0:0', 'x$secret:server:victim:env:TOKEN'] } },
      ],
      result: undefined,
    }));
    expect(openLocalStores(dir).configStore.readServers()[1]?.config.args).toEqual(['$secret:server:victim:args:0:0', 'x$secret:server:victim:env:TOKEN']);
  });
});
