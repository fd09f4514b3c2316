/**
 * Test and bench helper: a config folder whose servers hold many env values by reference, in
 * the files' own formats (`mcp-config.json` with `$secret:` refs, `secrets.json` with the
 * values). Written directly, not through the stores: how fast the stores read such a folder is
 * what the tests and the bench measure, and a store that was slow to write it would be slow to
 * set the scene too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '@services/config/configFileHygiene';
import { SECRETS_FILE_NAME } from '@services/secrets/fileSecretStore';

export interface ManySecrets {
  servers: number;
  envPerServer: number;
}

/** Writes the folder (inactive stdio servers, so nothing starts) and returns the number of refs. */
export function writeServersWithSecrets(dir: string, { servers, envPerServer }: ManySecrets): number {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const records: unknown[] = [];
  const secrets: Record<string, { cipher: string; value: string }> = {};
  for (let s = 0; s < servers; s++) {
    const id = `many-${s}`;
    const env: Record<string, string> = {};
    for (let e = 0; e < envPerServer; e++) {
      const ref = `server:${id}:env:VAR_${e}`;
      env[`VAR_${e}`] = `$secret:${ref}`;
      secrets[ref] = { cipher: 'plain', value: `value-${s}-${e}-0123456789abcdef` };
    }
    records.push({
      id,
      name: `many ${s}`,
      type: 'stdio',
      scope: 'user',
      config: { command: 'node', args: ['server.js'], env },
      isActive: false,
      isTrusted: false,
      disabledTools: [],
      disabledAutoApproveTools: [],
      installSource: 'manual',
      createdAt: 0,
    });
  }
  const write = (name: string, content: unknown) =>
    fs.writeFileSync(path.join(dir, name), `${JSON.stringify(content, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
  write('mcp-config.json', { mcpServers: records });
  write(SECRETS_FILE_NAME, { version: 1, secrets });
  return servers * envPerServer;
}
