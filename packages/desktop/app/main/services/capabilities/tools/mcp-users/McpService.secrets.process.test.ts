/**
 * What a stdio server may see of us (issue 7): only the allow-listed environment plus its own
 * `env`, and a server whose URL password is not valid percent-encoding still connects.
 * Real fixture processes, through the pool.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_SERVERS } from '@fixtures/servers/paths';
import { makeService, stdioInput, textOf, waitNoStrayChildren, type Harness } from '@desktop-testing/McpService.testkit';
import { GROUP_MARK_ENV } from './transports/processGroup';

let h: Harness;
const saved: Record<string, string | undefined> = {};
const PARENT_ENV = {
  ELFTIA_TEST_SECRET: 'sk-from-the-parent-shell',
  OPENAI_API_KEY: 'sk-openai-from-the-parent',
  HTTPS_PROXY: 'http://proxy.invalid:3128',
  no_proxy: 'localhost,127.0.0.1',
  LC_ALL: 'C.UTF-8',
};

beforeEach(() => {
  for (const [name, value] of Object.entries(PARENT_ENV)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
});

afterEach(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await h.dispose();
  expect(await waitNoStrayChildren()).toEqual([]);
});

describe('the environment of a stdio server', () => {
  it('gets the allow-list, proxy, locale and its own env, and no other variable of ours', async () => {
    h = makeService();
    const { server } = await h.service.add({
      ...stdioInput('env', FIXTURE_SERVERS.stdioEnv, { OWN_TOKEN: 'server-own-value', LC_ALL: 'POSIX' }),
      isActive: false,
    });
    const env = JSON.parse(textOf((await h.service.callTool(server!.id, 'env')).content)) as Record<string, string>;

    expect(env.ELFTIA_TEST_SECRET).toBeUndefined();
    expect(env.OPENAI_API_KEY).toBeUndefined();
    expect(env.HTTPS_PROXY).toBe('http://proxy.invalid:3128');
    expect(env.no_proxy).toBe('localhost,127.0.0.1');
    // The server's own env is applied last.
    expect(env.LC_ALL).toBe('POSIX');
    expect(env.OWN_TOKEN).toBe('server-own-value');
    expect(env.PATH).toMatch(/\S/);
    if (process.env.HOME) expect(env.HOME).toBe(process.env.HOME);
    // Only allow-listed names (and what node itself may add to a child) are present, and the
    // opaque mark by which a later start recognises what is left of the server's process group.
    const allowed = /^(HOME|LOGNAME|PATH|SHELL|TERM|USER|HTTPS?_PROXY|NO_PROXY|ALL_PROXY|LANG|LANGUAGE|LC_[A-Z]+|TZ|OWN_TOKEN)$/i;
    expect(Object.keys(env).filter((name) => !allowed.test(name) && name !== GROUP_MARK_ENV)).toEqual([]);
    expect(env[GROUP_MARK_ENV]).toMatch(/^[0-9a-f]{24}$/);
  });
});

describe('a URL password that is not valid percent-encoding', () => {
  it('does not stop the server from connecting, and stays out of the log', async () => {
    h = makeService();
    const { server } = await h.service.add({
      name: 'pg',
      type: 'stdio',
      config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio, 'postgresql://user:50%off@host/db', '--db=mysql://root:100%@db/x'] },
      isActive: false,
    });
    const result = await h.service.callTool(server!.id, 'stderr', { text: 'using postgresql://user:50%off@host/db' });
    expect(result.isError).toBe(false);
    expect(h.service.statusOf(server!.id).state).toBe('connected');
    await expect.poll(() => h.service.serverLog(server!.id).map((l) => l.line).join('\n')).toContain('using postgresql://user:***@host/db');
  });
});
