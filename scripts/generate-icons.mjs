#!/usr/bin/env node
/**
 * Renders resources/icon.svg into every icon file the app, its installers and browser mode use,
 * and writes them next to it (they are committed: neither the build nor `npm start` runs this).
 *
 *   resources/icons/<n>x<n>.png   n = 16 … 1024 (Linux desktop entries; installers pick sizes here)
 *   resources/icon.png            512 px, the window icon on Linux and Windows (window.ts)
 *   resources/icon.ico            16, 24, 32, 48, 64, 128, 256 (Windows)
 *   resources/icon.icns           16 … 1024 with the @2x variants (macOS)
 *   packages/renderer/public/favicon.svg, favicon.png (32 px): browser mode's tab icon
 *
 * The SVG is drawn by Chromium through Playwright, both already dev dependencies, so no image
 * library is added for a step that runs only when the artwork changes. ICO and ICNS are simple
 * containers of PNGs and are written here. Run: `node scripts/generate-icons.mjs`
 * (the browser and its flags as everywhere here: scripts/chromium.mjs).
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resources = path.join(root, 'resources');
const publicDir = path.join(root, 'packages/renderer/public');

export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
/** ICNS entry types holding PNG data, with their pixel size (ic11–ic14 are the @2x ones). */
export const ICNS_TYPES = [
  ['icp4', 16], ['icp5', 32], ['icp6', 64], ['ic07', 128], ['ic08', 256], ['ic09', 512], ['ic10', 1024],
  ['ic11', 32], ['ic12', 64], ['ic13', 256], ['ic14', 512],
];

/** An ICO of PNG images (Windows Vista and later read PNG entries; 256 is written as 0). */
export function buildIco(pngs) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = 6 + 16 * pngs.length;
  const entries = pngs.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...pngs.map((p) => p.data)]);
}

/** An ICNS: 'icns', the total length, then (type, length including its 8-byte header, PNG) per entry. */
export function buildIcns(entries) {
  const chunks = entries.map(({ type, data }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

async function renderPngs(svg, sizes) {
  // Loaded here, not at the top: the container writers above need no browser.
  const { chromium } = await import('playwright');
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    const pngs = new Map();
    for (const size of sizes) {
      await page.setViewportSize({ width: size, height: size });
      // The browser scales the vector itself at each size, so small sizes are drawn, not shrunk.
      await page.setContent(`<body style="margin:0"><img src="${src}" width="${size}" height="${size}" style="display:block"></body>`);
      await page.locator('img').evaluate((img) => img.decode());
      pngs.set(size, await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
    }
    return pngs;
  } finally {
    await browser.close();
  }
}

async function main() {
  const svgPath = path.join(resources, 'icon.svg');
  const pngs = await renderPngs(readFileSync(svgPath, 'utf8'), PNG_SIZES);
  mkdirSync(path.join(resources, 'icons'), { recursive: true });
  for (const [size, data] of pngs) writeFileSync(path.join(resources, 'icons', `${size}x${size}.png`), data);
  writeFileSync(path.join(resources, 'icon.png'), pngs.get(512));
  writeFileSync(path.join(resources, 'icon.ico'), buildIco(ICO_SIZES.map((size) => ({ size, data: pngs.get(size) }))));
  writeFileSync(path.join(resources, 'icon.icns'), buildIcns(ICNS_TYPES.map(([type, size]) => ({ type, data: pngs.get(size) }))));
  mkdirSync(publicDir, { recursive: true });
  copyFileSync(svgPath, path.join(publicDir, 'favicon.svg'));
  writeFileSync(path.join(publicDir, 'favicon.png'), pngs.get(32));
  console.log(`Wrote ${PNG_SIZES.length} PNGs, icon.png, icon.ico, icon.icns and the favicons from ${path.relative(root, svgPath)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
