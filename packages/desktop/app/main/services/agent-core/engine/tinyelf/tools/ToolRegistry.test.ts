import { describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import type { ITool } from './ITool';
import { ToolRegistry } from './ToolRegistry';
import { resultFromContent } from './toolResult';

const tool = (name: string, source?: string, text = name): ITool => ({
  name,
  description: `${name} tool`,
  parameters: { type: 'object', properties: {} },
  ...(source ? { source } : {}),
  execute: async () => resultFromContent([{ type: 'text', text }], false),
});

function thrown(run: () => void): AppError {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return err;
  }
  throw new Error('expected an AppError');
}

describe('ToolRegistry', () => {
  it('registers, gets, lists in order and unregisters', () => {
    const registry = new ToolRegistry();
    registry.register(tool('b'));
    registry.register(tool('a', 'mcp:s1'));
    expect(registry.list().map((t) => t.name)).toEqual(['b', 'a']);
    expect(registry.get('a')?.source).toBe('mcp:s1');
    expect(registry.has('zzz')).toBe(false);
    expect(registry.unregister('b')).toBe(true);
    expect(registry.unregister('b')).toBe(false);
    expect(registry.size).toBe(1);
  });

  it('rejects a duplicate name, naming both sources, and keeps the first tool', async () => {
    const registry = new ToolRegistry();
    registry.register(tool('search', 'mcp:s1', 'first'));
    const error = thrown(() => registry.register(tool('search', 'direct:web', 'second')));
    expect(error.code).toBe('DUPLICATE_NAME');
    expect(error.message).toContain('mcp:s1');
    expect(error.data).toEqual({ name: 'search', existingSource: 'mcp:s1', source: 'direct:web' });
    expect((await registry.get('search')!.execute({})).text).toBe('first');
  });

  it('replaces on request, keeping the position', async () => {
    const registry = new ToolRegistry();
    registry.registerAll([tool('a'), tool('b', undefined, 'old')]);
    registry.register(tool('b', 'mcp:s2', 'new'), { replace: true });
    expect(registry.list().map((t) => t.name)).toEqual(['a', 'b']);
    expect((await registry.get('b')!.execute({})).text).toBe('new');
  });

  it('registers a batch all or nothing', () => {
    const registry = new ToolRegistry();
    registry.register(tool('taken', 'builtin'));
    expect(thrown(() => registry.registerAll([tool('fresh'), tool('taken', 'mcp:s1')])).data).toMatchObject({ existingSource: 'builtin' });
    expect(thrown(() => registry.registerAll([tool('x', 'mcp:a'), tool('x', 'mcp:b')], { replace: true })).data).toMatchObject({ existingSource: 'mcp:a' });
    expect(registry.list().map((t) => t.name)).toEqual(['taken']);
  });

  it('removes everything one source contributed', () => {
    const registry = new ToolRegistry();
    registry.registerAll([tool('a', 'mcp:s1'), tool('b', 'mcp:s2'), tool('c', 'mcp:s1'), tool('d')]);
    expect(registry.unregisterSource('mcp:s1')).toBe(2);
    expect(registry.unregisterSource('builtin')).toBe(1);
    expect(registry.list().map((t) => t.name)).toEqual(['b']);
  });
});
