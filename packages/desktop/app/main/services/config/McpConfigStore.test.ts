import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { McpServerRecordSchema, type McpServerRecord } from '../../../shared/contracts/mcp-types';
import { openConfMcpConfigStore } from './confBackend';
import { createTempServices, makeTempConfigDir, type TempServices } from '@desktop-testing/tempServices';

/** Saved inactive, so these storage tests never start a process. */
const stdio = (name: string) => ({ name, type: 'stdio' as const, config: { command: 'node', args: ['server.js'] }, isActive: false });

describe('MCP config store', () => {
  const dirs: string[] = [];
  const running: TempServices[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.cleanup()));
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  const tempDir = () => {
    const d = makeTempConfigDir();
    dirs.push(d);
    return d;
  };

  it('creates mcp-config.json with the defaults', () => {
    const dir = tempDir();
    const store = openConfMcpConfigStore(dir);
    expect(store.path).toBe(path.join(dir, 'mcp-config.json'));
    expect(store.readServers()).toEqual([]);
    expect(store.notices).toEqual([]);
  });

  it('moves a file that is not JSON aside, keeps its bytes, and reports it', () => {
    const dir = tempDir();
    const file = path.join(dir, 'mcp-config.json');
    fs.writeFileSync(file, '{"mcpServers": [ {"name": "half-writ');
    const store = openConfMcpConfigStore(dir);

    expect(store.readServers()).toEqual([]);
    expect(store.notices).toHaveLength(1);
    const notice = store.notices[0]!;
    expect(notice.code).toBe('CONFIG_RECOVERED');
    const movedTo = String(notice.data?.movedTo);
    expect(path.dirname(movedTo)).toBe(dir);
    expect(fs.readFileSync(movedTo, 'utf8')).toBe('{"mcpServers": [ {"name": "half-writ');
    expect(notice.message).toContain(movedTo);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ mcpServers: [] });
  });

  it('moves aside valid JSON of the wrong shape too, and names the bad field', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'mcp-config.json'), JSON.stringify({ mcpServers: { a: { command: 'node' } } }));
    const store = openConfMcpConfigStore(dir);
    expect(store.notices[0]?.data?.reason).toMatch(/mcpServers/);
    expect(fs.readdirSync(dir).some((f) => f.startsWith('mcp-config.json.corrupt-'))).toBe(true);
  });

  it('keeps a valid file untouched and applies record defaults when reading', () => {
    const dir = tempDir();
    const record = { id: 'mcp_1_a', name: 'old', type: 'stdio', config: { command: 'node' } };
    fs.writeFileSync(path.join(dir, 'mcp-config.json'), JSON.stringify({ mcpServers: [record] }));
    const store = openConfMcpConfigStore(dir);
    expect(store.notices).toEqual([]);
    expect(store.readServers()[0]).toMatchObject({ ...record, isActive: true, scope: 'user', disabledTools: [], installSource: 'manual' });
  });

  it('reports a change another store (process) made on its next read, and never its own writes', async () => {
    const dir = tempDir();
    const ours = openConfMcpConfigStore(dir);
    const theirs = openConfMcpConfigStore(dir);
    const seen: { before: string[]; after: string[] }[] = [];
    ours.onExternalChange(({ before, after }) => seen.push({ before: before.map((s) => s.name), after: after.map((s) => s.name) }));
    const add = (name: string) => (servers: McpServerRecord[]) => ({
      servers: [...servers, McpServerRecordSchema.parse({ ...stdio(name), id: `id-${name}` })],
      result: undefined,
    });

    ours.mutate(add('mine'));
    ours.refresh();
    await Promise.resolve();
    expect(seen).toEqual([]);

    theirs.mutate(add('theirs'));
    ours.refresh();
    await Promise.resolve();
    expect(seen).toEqual([{ before: ['mine'], after: ['mine', 'theirs'] }]);
  });

  it('keeps both records when two callers add at the same time', async () => {
    const services = createTempServices(tempDir());
    running.push(services);
    const [a, b] = await Promise.all([
      services.router.dispatch('mcp.add', stdio('alpha')),
      services.router.dispatch('mcp.add', stdio('beta')),
    ]);
    expect(a.ok && b.ok).toBe(true);
    const onDisk = JSON.parse(fs.readFileSync(services.configPath, 'utf8')) as { mcpServers: { name: string }[] };
    expect(onDisk.mcpServers.map((s) => s.name).sort()).toEqual(['alpha', 'beta']);
  });

  it('keeps both records when two store instances on one file add concurrently', async () => {
    const dir = tempDir();
    const first = createTempServices(dir);
    const second = createTempServices(dir);
    running.push(first);
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => first.router.dispatch('mcp.add', stdio(`one-${i}`))),
      ...Array.from({ length: 10 }, (_, i) => second.router.dispatch('mcp.add', stdio(`two-${i}`))),
    ]);
    await second.dispose();
    const names = (await first.mcpService.list()).map((s) => s.name);
    expect(names).toHaveLength(20);
    expect(new Set(names).size).toBe(20);
  });
});
