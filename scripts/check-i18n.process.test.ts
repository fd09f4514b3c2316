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

  describe('glossary', () => {
    const glossary = { terms: [{ en: 'provider', zh: '服务商', ja: 'プロバイダー', avoid: { zh: ['提供商'] } }, { en: 'base URL', zh: '基础 URL', ja: 'ベース URL' }] };
    const enText = { keys: 'Provider keys', url: 'Base URL', hint: 'Paste a config with "mcpServers" from your provider', count: '{{provider}} keys' };

    it('fails on a word the glossary rules out and on an English term left standing', () => {
      const dir = localesDir({
        'glossary.json': glossary,
        'en/providerKeys.json': enText,
        'zh/providerKeys.json': { keys: '提供商密钥', url: 'Base URL', hint: '粘贴含 “mcpServers” 的配置', count: '{{provider}} 密钥' },
        'ja/providerKeys.json': { keys: 'プロバイダーのキー', url: 'ベース URL', hint: '（base URL）を含む設定を貼り付け', count: '{{provider}} のキー' },
      });
      const result = run(dir);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('zh/providerKeys.json: key "keys" says "提供商" for "provider"; the glossary\'s word is "服务商"');
      expect(result.stderr).toContain('zh/providerKeys.json: key "url" leaves "base URL" untranslated; the glossary\'s word is "基础 URL"');
      // {{provider}} is a variable, “mcpServers” and （base URL） are literals without CJK: none of them is prose.
      expect(result.stderr).not.toContain('"count"');
      expect(result.stderr).not.toContain('"hint"');
      expect(result.stderr).not.toContain('ja/providerKeys.json');
    });

    it('passes when every language uses the glossary word, and says how many terms it checked', () => {
      const dir = localesDir({
        'glossary.json': glossary,
        'en/providerKeys.json': enText,
        'zh/providerKeys.json': { keys: '服务商密钥', url: '基础 URL', hint: '粘贴配置', count: '{{provider}} 密钥' },
        'ja/providerKeys.json': { keys: 'プロバイダーのキー', url: 'ベース URL', hint: '設定を貼り付け', count: '{{provider}} のキー' },
      });
      const result = run(dir);
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain('glossary of 2 term(s)');
    });

    it('fails on a glossary without a word for every language', () => {
      const dir = localesDir({ 'glossary.json': { terms: [{ en: 'provider', zh: '服务商' }] }, 'en/a.json': { x: 'x' }, 'zh/a.json': { x: 'x' }, 'ja/a.json': { x: 'x' } });
      const result = run(dir);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('glossary.json: "terms" must be a list of { en, zh, ja } words');
    });
  });
});
