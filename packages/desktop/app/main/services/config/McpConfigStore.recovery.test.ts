/**
 * What the store does with a file it did not write: bad records, a file garbled or removed
 * while running, temp files a killed writer left, and modes loose enough for others to read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppNoticeSchema, type AppNotice } from '../../../shared/contracts/ipc';
import { AppError } from '../../../shared/errors';
import { openConfMcpConfigStore } from './confBackend';
import { createTempServices, makeTempConfigDir, type TempServices } from '@desktop-testing/tempServices';

const record = (i: number) => ({ id: `mcp_${i}_good`, name: `good-${i}`, type: 'stdio', config: { command: 'node', env: { API_KEY: `secret-${i}` } } });
const stdio = (name: string) => ({ name, type: 'stdio' as const, config: { command: 'node' }, isActive: false });
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
/** The notices the UI would load, through the route. */
async function noticesOf(app: TempServices): Promise<AppNotice[]> {
  const result = await app.router.dispatch('app.notices', undefined);
  if (!result.ok) throw new Error(result.error.message);
  return AppNoticeSchema.array().parse(result.data);
}
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as { mcpServers: { name: string }[] };

describe('MCP config store recovery', () => {
  const dirs: string[] = [];
  const running: TempServices[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.dispose()));
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  const tempDir = () => {
    const d = makeTempConfigDir();
    dirs.push(d);
    return d;
  };
  const services = (dir: string) => {
    const s = createTempServices(dir);
    running.push(s);
    return s;
  };

  it('keeps 50 good records when one has an unknown type, and sets that one aside by name and index', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'mcp-config.json');
    const bad = { id: 'mcp_x_bad', name: 'pigeon', type: 'carrier-pigeon', config: {} };
    const records = Array.from({ length: 50 }, (_, i) => record(i));
    fs.writeFileSync(file, JSON.stringify({ mcpServers: [...records.slice(0, 20), bad, ...records.slice(20)] }));

    const app = services(dir);
    expect((await app.mcpService.list()).map((s) => s.name)).toEqual(records.map((r) => r.name));

    const notice = (await noticesOf(app)).find((n) => n.code === 'CONFIG_RECORDS_SET_ASIDE');
    expect(notice?.data).toMatchObject({ count: 1, records: [{ index: 20, name: 'pigeon' }] });
    expect(String(notice?.data?.details)).toMatch(/#20 "pigeon" \(type: /);
    const movedTo = String(notice?.data?.movedTo);
    expect(notice?.message).toContain(movedTo);
    expect(JSON.parse(fs.readFileSync(movedTo, 'utf8'))).toMatchObject({ rejected: [{ index: 20, name: 'pigeon', record: bad }] });
    expect(modeOf(movedTo)).toBe(0o600);
    // The file itself now holds only what this build can use; nothing was moved aside whole.
    expect(readJson(file).mcpServers).toHaveLength(50);
    expect(fs.readdirSync(dir).filter((f) => f.includes('.corrupt-'))).toEqual([]);
  });

  it('recovers when the file is garbled while running: says so, keeps the bytes, and routes keep working', async () => {
    const dir = tempDir();
    const app = services(dir);
    expect((await app.router.dispatch('mcp.add', stdio('before'))).ok).toBe(true);
    const raised: unknown[] = [];
    app.onEvent((e) => e.event === 'app.notice' && raised.push(e.payload));

    fs.writeFileSync(app.configPath, '{"mcpServers": [ {"name": "half');
    const listed = await app.router.dispatch('mcp.list', undefined);
    expect(listed).toEqual({ ok: true, data: [] });
    const recovered = (await noticesOf(app)).find((n) => n.code === 'CONFIG_RECOVERED');
    expect(fs.readFileSync(String(recovered?.data?.movedTo), 'utf8')).toBe('{"mcpServers": [ {"name": "half');
    // Raised while running, so an open window hears of it too.
    await new Promise((r) => setTimeout(r, 0));
    expect(raised).toContainEqual(recovered);

    expect((await app.router.dispatch('mcp.add', stdio('after'))).ok).toBe(true);
    expect(readJson(app.configPath).mcpServers.map((s) => s.name)).toEqual(['after']);
  });

  it('recovers when the file is removed while running, and says so once', async () => {
    const dir = tempDir();
    const app = services(dir);
    expect((await app.router.dispatch('mcp.add', stdio('gone-soon'))).ok).toBe(true);
    fs.rmSync(app.configPath);

    expect(await app.router.dispatch('mcp.list', undefined)).toEqual({ ok: true, data: [] });
    expect(await app.router.dispatch('mcp.status', undefined)).toEqual({ ok: true, data: [] });
    expect((await noticesOf(app)).filter((n) => n.code === 'CONFIG_REMOVED')).toEqual([
      expect.objectContaining({ data: { path: app.configPath } }),
    ]);
    expect((await app.router.dispatch('mcp.add', stdio('new'))).ok).toBe(true);
    expect(readJson(app.configPath).mcpServers.map((s) => s.name)).toEqual(['new']);
    expect(modeOf(app.configPath)).toBe(0o600);
  });

  it('removes temp files a killed writer left (full copies with secrets) at start', () => {
    const dir = tempDir();
    const leftovers = ['mcp-config.json.tmp-1796069295599abc', 'mcp-config.json.tmp-17960692950000001'];
    for (const name of leftovers) fs.writeFileSync(path.join(dir, name), JSON.stringify({ mcpServers: [record(1)] }));
    fs.writeFileSync(path.join(dir, 'unrelated.json.tmp-1796069295599abc'), '{}');

    openConfMcpConfigStore(dir);
    expect(fs.readdirSync(dir).sort()).toEqual(['mcp-config.json', 'unrelated.json.tmp-1796069295599abc']);
  });

  it('does not remove temp files while another process holds the lock (its write may be in flight)', () => {
    const dir = tempDir();
    const temp = path.join(dir, 'mcp-config.json.tmp-1796069295599abc');
    fs.writeFileSync(temp, '{}');
    // Our parent is alive and the lock is fresh: a writer in the middle of its write.
    fs.writeFileSync(path.join(dir, 'mcp-config.json.lock'), JSON.stringify({ pid: process.ppid, token: 'busy' }));

    let error: unknown;
    try {
      openConfMcpConfigStore(dir, { lock: { timeoutMs: 300 } });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'CONFIG_STORE_FAILED', message: expect.stringContaining('mcp-config.json.lock') });
    expect(fs.existsSync(temp)).toBe(true);
  });

  it.skipIf(process.platform === 'win32')('creates the folder 0700 and the config 0600, also after every write', async () => {
    const dir = path.join(tempDir(), 'fresh', 'elftia-mcp');
    const app = services(dir);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(app.configPath)).toBe(0o600);
    expect((await app.router.dispatch('mcp.add', { ...stdio('keyed'), config: { command: 'node', env: { OPENAI_API_KEY: 'sk-x' } } })).ok).toBe(true);
    // The file after a write is the renamed temp file, so this is the temp file's mode too.
    expect(modeOf(app.configPath)).toBe(0o600);
  });

  it.skipIf(process.platform === 'win32')('tightens looser modes of existing files at start', () => {
    const dir = tempDir();
    const file = path.join(dir, 'mcp-config.json');
    const aside = path.join(dir, 'mcp-config.json.corrupt-2026-01-01T00-00-00-000Z');
    fs.writeFileSync(file, JSON.stringify({ mcpServers: [record(1)] }), { mode: 0o644 });
    fs.writeFileSync(aside, 'old', { mode: 0o664 });
    fs.chmodSync(file, 0o644);
    fs.chmodSync(aside, 0o664);

    openConfMcpConfigStore(dir);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(aside)).toBe(0o600);
  });
});
