/**
 * The docs name real files. Every backticked repo path in README.md, docs/ and examples/ READMEs
 * must exist: a full path (`packages/…`, `scripts/…`) exactly, a partial one (`pool/toolCall.ts`)
 * as the end of some file's path, a bare source file name (`McpService.ts`) as some file's name.
 * Brace lists expand (`locales/{en,zh,ja}/…`). Placeholders (`<id>`, `*`, `…`), URLs, npm
 * package names, MCP method names (`tools/list`: no extension), absolute paths, build output
 * (`out/`) and fenced code blocks are not repo path claims and are skipped.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
const TOP_LEVEL = ['packages', 'docs', 'scripts', 'e2e', 'examples', 'resources', 'locales', 'bench'];
const SKIP_DIRS = new Set(['node_modules', 'out', '.git', 'test-results', 'playwright-report']);
const SOURCE_FILE = /^[\w.-]+\.(ts|tsx|mts|mjs|cjs)$/;
/** A file name's extension, or a folder's trailing slash: what tells a path from an MCP method (`tools/list`). */
const PATH_END = /(\.[a-z]{1,5}|\/)$/;
/** The MCP methods that start like a top-level folder of ours (`resources/`). */
const RESOURCE_METHOD = /^resources\/(list|read|subscribe|unsubscribe|templates\/list)$/;

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      out.push(`${path.relative(root, full)}/`);
      walk(full, out);
    } else out.push(path.relative(root, full));
  }
  return out;
}

const repoFiles = walk(root).map((f) => f.split(path.sep).join('/'));

function markdownFiles(): string[] {
  return repoFiles.filter((f) => f === 'README.md' || (/^(docs|examples|resources)\/.*\.md$/.test(f) && !f.includes('/node_modules/')));
}

export function expandBraces(text: string): string[] {
  const match = /\{([^{}]*)\}/.exec(text);
  if (!match) return [text];
  return match[1]!.split(',').flatMap((part) => expandBraces(text.slice(0, match.index) + part + text.slice(match.index + match[0].length)));
}

/** The backticked spans of a markdown file that claim to be repo paths. */
export function pathClaims(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());
  return spans
    .filter((s) => !/\s/.test(s) && !/[<>*…$=:[\]]/.test(s) && !/^[@\-~/]/.test(s) && !/^(out|node_modules)\//.test(s) && !RESOURCE_METHOD.test(s))
    .filter((s) => (s.includes('/') && /[\w-]\/[\w.{-]/.test(s) && (PATH_END.test(s) || TOP_LEVEL.some((d) => s.startsWith(`${d}/`)))) || SOURCE_FILE.test(s))
    .flatMap(expandBraces)
    .map((s) => s.replace(/^\.\//, ''));
}

function exists(claim: string): boolean {
  const bare = claim.replace(/\/$/, '');
  if (TOP_LEVEL.some((dir) => bare === dir || bare.startsWith(`${dir}/`)) || !bare.includes('/')) {
    if (bare.includes('/') || !SOURCE_FILE.test(bare)) return existsSync(path.join(root, bare));
  }
  // A partial path or a bare file name: the end of some real path.
  return repoFiles.some((f) => f.replace(/\/$/, '') === bare || f.replace(/\/$/, '').endsWith(`/${bare}`));
}

describe('docs name real files', () => {
  it('finds its own markdown and the kinds of claims it checks', () => {
    expect(markdownFiles()).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/extending.md']));
    expect(pathClaims('See `locales/{en,ja}/a.json`, `pool/toolCall.ts`, `McpService.ts`, `npx -y x`, `http://a/b`, `<id>.svg`, `@org/pkg`, `tools/list`, `resources/read`, `out/main/host.js`, `/dev/tty`.')).toEqual([
      'locales/en/a.json',
      'locales/ja/a.json',
      'pool/toolCall.ts',
      'McpService.ts',
    ]);
    expect(exists('pool/toolCall.ts')).toBe(true);
    expect(exists('pool/noSuchFile.ts')).toBe(false);
    expect(exists('packages/no/such.ts')).toBe(false);
  });

  it.each(markdownFiles())('%s', (file) => {
    const markdown = readFileSync(path.join(root, file), 'utf8');
    const missing = pathClaims(markdown).filter((claim) => !exists(claim));
    expect(missing).toEqual([]);
    // Relative links (and images) point at files too: `[中文](zh/extending.md)`, `![…](docs/images/x.png)`.
    const links = [...markdown.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1]!).filter((href) => !/^[a-z]+:/i.test(href));
    expect(links.filter((href) => !existsSync(path.join(root, path.dirname(file), href)))).toEqual([]);
  });
});

describe('translated guides', () => {
  const fences = (file: string) => [...readFileSync(path.join(root, file), 'utf8').matchAll(/^```[\s\S]*?^```/gm)].map((m) => m[0]);
  const sections = (file: string) => readFileSync(path.join(root, file), 'utf8').match(/^## /gm)?.length;

  it.each(['docs/zh/extending.md', 'docs/ja/extending.md'])('%s keeps the English code blocks and sections', (file) => {
    expect(fences(file)).toEqual(fences('docs/extending.md'));
    expect(sections(file)).toBe(sections('docs/extending.md'));
  });

  it.each(['docs/zh/mcp-apps.md', 'docs/ja/mcp-apps.md'])('%s keeps the English sections, images and CLI line', (file) => {
    const images = (name: string) => [...readFileSync(path.join(root, name), 'utf8').matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => path.basename(m[1]!));
    const cli = (name: string) => readFileSync(path.join(root, name), 'utf8').match(/`elftia-mcp apps open [^`]*`/g);
    expect(sections(file)).toBe(sections('docs/mcp-apps.md'));
    expect(images(file)).toEqual(images('docs/mcp-apps.md'));
    expect(cli(file)).toEqual(cli('docs/mcp-apps.md'));
  });

  // A row's proof is its test files: a translation that drops, adds or moves one has drifted.
  const proofs = (file: string) =>
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| ---'))
      .map((row) => pathClaims(row.split('|').at(-2) ?? ''));

  it.each(['docs/zh/spec-coverage.md', 'docs/ja/spec-coverage.md'])('%s names the English table\'s tests, row by row', (file) => {
    expect(proofs('docs/spec-coverage.md').flat().length).toBeGreaterThan(30);
    expect(proofs(file)).toEqual(proofs('docs/spec-coverage.md'));
  });
});
