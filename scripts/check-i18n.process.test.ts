import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.join(import.meta.dirname, 'check-i18n.mjs');
const dirs: string[] = [];

function localesDir(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-i18n-'));
  dirs.push(dir);
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(dir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}

const run = (dir: string) => spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const en = { greeting: { hello: 'Hello {{name}}' }, bye: 'Bye', items_one: '{{count}} item', items_other: '{{count}} items' };

describe('check-i18n', () => {
  it('passes when every language has every key and variable (plural forms may differ)', () => {
    const zh = { greeting: { hello: '你好 {{name}}' }, bye: '再见', items_other: '{{count}} 项' };
    const result = run(localesDir({ 'en/common.json': en, 'zh/common.json': zh, 'ja/common.json': zh }));
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^i18n OK: 1 file\(s\), 3 key\(s\)/);
  });

  it('fails naming a missing key, a mismatched variable and an extra key', () => {
    const dir = localesDir({
      'en/settings/tools.json': en,
      'zh/settings/tools.json': { greeting: { hello: '你好 {{user}}' }, items_other: '{{count}} 项' },
      'ja/settings/tools.json': { greeting: { hello: 'こんにちは {{name}}' }, bye: 'さようなら', items_other: '{{count}} 件', stray: 'x' },
    });
    const result = run(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('zh/settings/tools.json: missing key "bye"');
    expect(result.stderr).toContain('zh/settings/tools.json: key "greeting.hello" has variables {{user}}, expected {{name}}');
    expect(result.stderr).toContain('ja/settings/tools.json: extra key "stray"');
    expect(result.stderr).not.toContain('ja/settings/tools.json: missing key');
  });

  it('fails on a missing or unparsable counterpart file', () => {
    const dir = localesDir({ 'en/errors.json': { A: 'a' }, 'zh/errors.json': '{ not json', 'ja/other.json': {} });
    const result = run(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('zh/errors.json: cannot parse JSON');
    expect(result.stderr).toContain('ja/errors.json: missing file');
    expect(result.stderr).toContain('ja/other.json: extra file');
  });

  it('finds a namespace added beside the others and fails on a key zh lacks there', () => {
    // One namespace per feature (locales/<language>/<feature>.json): a new file needs no registration here.
    const zh = { greeting: { hello: '你好 {{name}}' }, bye: '再见', items_other: '{{count}} 项' };
    const dir = localesDir({
      'en/common.json': en,
      'zh/common.json': zh,
      'ja/common.json': zh,
      'en/newFeature.json': { title: 'New', count_one: '{{count}} thing', count_other: '{{count}} things' },
      'zh/newFeature.json': { count_other: '{{count}} 个' },
      'ja/newFeature.json': { title: '新', count_other: '{{count}} 件' },
    });
    const result = run(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('zh/newFeature.json: missing key "title"');
    expect(result.stderr).not.toContain('ja/newFeature.json');
    expect(result.stderr).not.toContain('common.json');
  });

  it('passes on the repository locales', () => {
    const result = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
