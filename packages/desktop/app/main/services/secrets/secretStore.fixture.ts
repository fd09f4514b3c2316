/**
 * A child process for fileSecretStore.process.test.ts:
 * - `node --import tsx secretStore.fixture.ts put FILE REF VALUE [REF VALUE …]` puts each pair, one
 *   put at a time (each on disk when it returns), prints `PUT REF` after each, then deletes the
 *   refs named by `--delete REF` arguments.
 * - `… crash-after-config DIR N` adds a server with N env values through the app's stores and dies
 *   (SIGKILL, nothing cleans up) the moment `mcp-config.json` has been replaced: whatever the
 *   file refers to by then must already be in `secrets.json`.
 */
import fs from 'node:fs';
import path from 'node:path';

const [mode, target, ...rest] = process.argv.slice(2) as [string, string, ...string[]];

if (mode === 'put') {
  const { openFileSecretStore } = await import('./fileSecretStore');
  const store = openFileSecretStore(target);
  for (let i = 0; i < rest.length; i += 2) {
    if (rest[i] === '--delete') store.delete(rest[i + 1]!);
    else store.put(rest[i], rest[i + 1]!);
    process.stdout.write(`DONE ${rest[i + 1]}\n`);
  }
} else if (mode === 'crash-after-config') {
  // Patched before the stores load: conf's atomic write takes its rename from `fs` when it loads.
  const rename = fs.renameSync;
  const configFile = path.join(target, 'mcp-config.json');
  let armed = false;
  fs.renameSync = (from, to) => {
    rename(from, to);
    if (armed && path.resolve(String(to)) === configFile) process.kill(process.pid, 'SIGKILL');
  };
  const { openLocalStores } = await import('../appStores');
  const { configStore } = openLocalStores(target);
  const env = Object.fromEntries(Array.from({ length: Number(rest[0]) }, (_, i) => [`VAR_${i}`, `value-${i}`]));
  armed = true;
  configStore.mutate((servers) => ({
    servers: [...servers, { id: 'crash', name: 'crash', type: 'stdio', scope: 'user', config: { command: 'node', env }, isActive: false, isTrusted: false, disabledTools: [], disabledAutoApproveTools: [], installSource: 'manual', createdAt: 0 }],
    result: undefined,
  }));
  process.stderr.write('the config was written but the process did not die\n');
  process.exit(1);
}
