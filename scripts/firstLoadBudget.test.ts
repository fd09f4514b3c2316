import { describe, expect, it } from 'vitest';
import { firstLoad } from './firstLoadBudget';

const chunk = (fileName: string, code: string, imports: string[] = [], isEntry = false) => ({ type: 'chunk' as const, fileName, code, imports, isEntry });

describe('firstLoad', () => {
  it('counts the entry and its static imports, transitively and once each, and not what loads with import()', () => {
    const bundle = {
      'index.js': chunk('index.js', 'x'.repeat(100), ['react.js', 'vendor.js'], true),
      'react.js': chunk('react.js', 'x'.repeat(50), ['runtime.js']),
      'vendor.js': chunk('vendor.js', 'x'.repeat(30), ['runtime.js']),
      'runtime.js': chunk('runtime.js', 'x'.repeat(5)),
      // Only reached through a dynamic import (not listed in `imports`): a lazy part.
      'Playground.js': chunk('Playground.js', 'x'.repeat(1000), ['vendor.js']),
      'index.css': { type: 'asset' as const },
    };
    const load = firstLoad(bundle);
    expect(load.bytes).toBe(185);
    expect(load.chunks.map((c) => c.fileName)).toEqual(['index.js', 'react.js', 'vendor.js', 'runtime.js']);
  });

  it('adds the largest of the chunks that load before the first render when needed (a language), with its imports', () => {
    const bundle = {
      'index.js': chunk('index.js', 'x'.repeat(100), [], true),
      'locale-zh.js': chunk('locale-zh.js', 'x'.repeat(40)),
      'locale-ja.js': chunk('locale-ja.js', 'x'.repeat(60), ['shared.js']),
      'shared.js': chunk('shared.js', 'x'.repeat(7)),
    };
    expect(firstLoad(bundle).bytes).toBe(100);
    const load = firstLoad(bundle, /^locale-/);
    expect(load.bytes).toBe(167);
    expect(load.chunks.map((c) => c.fileName)).toEqual(['index.js', 'locale-ja.js', 'shared.js']);
  });

  it('counts bytes, not characters: the locales hold Chinese and Japanese text', () => {
    expect(firstLoad({ 'index.js': chunk('index.js', '読み込み中…', [], true) }).bytes).toBe(18);
  });
});
