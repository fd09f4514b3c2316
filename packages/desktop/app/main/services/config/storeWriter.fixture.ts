/**
 * A child process for lockLeftovers.process.test.ts: `node --import tsx storeWriter.fixture.ts
 * DIR PREFIX` opens the app's stores on DIR and writes until it is killed, each write contending
 * for the locks of mcp-config.json, secrets.json and providers.json with the other writers: a
 * server `PREFIX-<n>` with an env value (the config and the secret store), then the provider
 * settings (providers.json and the secret store). It prints `ADDED <name>` once a server's add
 * has returned, so the test knows which writes were acknowledged.
 */
import { openLocalStores } from '../appStores';

const [dir, prefix] = process.argv.slice(2) as [string, string];
const { configStore, providers } = openLocalStores(dir);
for (let n = 0; ; n++) {
  const name = `${prefix}-${n}`;
  configStore.mutate((servers) => ({
    servers: [
      ...servers,
      { id: name, name, type: 'stdio', scope: 'user', config: { command: 'node', env: { TOKEN: `token-of-${name}` } }, isActive: false, isTrusted: false, disabledTools: [], disabledAutoApproveTools: [], installSource: 'manual', createdAt: 0 },
    ],
    result: undefined,
  }));
  process.stdout.write(`ADDED ${name}\n`);
  providers.set({ id: 'openai', baseUrl: `https://example.invalid/${name}`, apiKey: `sk-${name}` });
}
