/**
 * The committed icon files are what scripts/generate-icons.mjs writes, at the sizes Electron and
 * the installers read, and every preset's `icon` names a file in resources/presets/.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OFFICIAL_MCP_PRESETS } from '../packages/desktop/app/shared/mcp-presets';

const root = path.resolve(__dirname, '..');
const resources = path.join(root, 'resources');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR, which the format puts first. */
function pngSize(data: Buffer): [number, number] {
  expect(data.subarray(0, 8).equals(PNG_SIGNATURE), 'PNG signature').toBe(true);
  expect(data.toString('ascii', 12, 16)).toBe('IHDR');
  return [data.readUInt32BE(16), data.readUInt32BE(20)];
}

describe('preset icons', () => {
  const files = new Set(readdirSync(path.join(resources, 'presets')).filter((f) => f.endsWith('.svg')));

  it.each(OFFICIAL_MCP_PRESETS.map((p) => [p.id, p.icon] as const))('%s: its icon %s is resources/presets/<icon>.svg', (_id, icon) => {
    expect(files).toContain(`${icon}.svg`);
    expect(readFileSync(path.join(resources, 'presets', `${icon}.svg`), 'utf8')).toMatch(/^<svg [^>]*viewBox=/);
  });

  it('ships no preset icon that no preset uses', () => {
    const used = new Set(OFFICIAL_MCP_PRESETS.map((p) => `${p.icon}.svg`));
    expect([...files].filter((f) => !used.has(f))).toEqual([]);
  });
});

describe('app icon', () => {
  it.each([16, 24, 32, 48, 64, 128, 256, 512, 1024])('resources/icons/%ix%i.png is that size', (size) => {
    expect(pngSize(readFileSync(path.join(resources, 'icons', `${size}x${size}.png`)))).toEqual([size, size]);
  });

  it('the window icon (resources/icon.png) is 512 px and the SVG source is there', () => {
    expect(pngSize(readFileSync(path.join(resources, 'icon.png')))).toEqual([512, 512]);
    expect(readFileSync(path.join(resources, 'icon.svg'), 'utf8')).toMatch(/^<svg [^>]*viewBox="0 0 1024 1024"/);
  });

  it('icon.ico holds PNGs of 16 to 256 px, each where its directory entry says', () => {
    const ico = readFileSync(path.join(resources, 'icon.ico'));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
      const entry = 6 + 16 * i;
      const declared = ico.readUInt8(entry) || 256;
      const [length, offset] = [ico.readUInt32LE(entry + 8), ico.readUInt32LE(entry + 12)];
      expect(offset + length).toBeLessThanOrEqual(ico.length);
      expect(pngSize(ico.subarray(offset, offset + length))).toEqual([declared, declared]);
      return declared;
    });
    expect(sizes).toEqual([16, 24, 32, 48, 64, 128, 256]);
  });

  it('icon.icns holds the macOS PNG entries at their sizes, up to 1024 px', () => {
    const icns = readFileSync(path.join(resources, 'icon.icns'));
    expect(icns.toString('ascii', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const expected: Record<string, number> = { icp4: 16, icp5: 32, icp6: 64, ic07: 128, ic08: 256, ic09: 512, ic10: 1024, ic11: 32, ic12: 64, ic13: 256, ic14: 512 };
    const found: Record<string, number> = {};
    for (let at = 8; at < icns.length; ) {
      const type = icns.toString('ascii', at, at + 4);
      const length = icns.readUInt32BE(at + 4);
      const [w, h] = pngSize(icns.subarray(at + 8, at + length));
      expect(w).toBe(h);
      found[type] = w;
      at += length;
    }
    expect(found).toEqual(expected);
  });

  it('browser mode links favicons that exist in the renderer public folder', () => {
    const html = readFileSync(path.join(root, 'packages/renderer/index.html'), 'utf8');
    const hrefs = [...html.matchAll(/<link rel="icon"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]!);
    expect(hrefs).toEqual(['favicon.svg', 'favicon.png']);
    for (const href of hrefs) expect(existsSync(path.join(root, 'packages/renderer/public', href)), href).toBe(true);
    expect(pngSize(readFileSync(path.join(root, 'packages/renderer/public/favicon.png')))).toEqual([32, 32]);
  });
});
