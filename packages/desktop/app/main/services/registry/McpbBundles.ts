/**
 * MCP bundles (registryType `mcpb`): downloaded from the entry's URL (https, or http on this
 * computer), refused past a size or a time limit, verified against the entry's `fileSha256`
 * before anything is unpacked, then unpacked (zip) into `bundles/<server>/<version>` beside the
 * config, and their manifest.json read (mcpbManifest.ts). Everything in a bundle is hostile until
 * proven otherwise: an entry whose path leaves the folder (zip-slip: `..`, an absolute path, a
 * drive, a backslash) or that is a symlink refuses the whole bundle, and so does unpacking past a
 * size or entry budget (a zip bomb). A bundle is unpacked in a fresh folder and moved into place
 * only once complete, so a failure leaves no half bundle for a server to run.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type JSZip from 'jszip';
import type { RegistryPackage } from '@shared/contracts/registry';
import { AppError, describeIssues, errorMessage } from '@shared/errors';
import { cutText } from '@shared/limits';
import { McpbManifestSchema, platformProblem, type UnpackedBundle } from './common/mcpbManifest';
import { bundleInvalid, bundleUrlProblem } from './common/serverCommand';
import { readCappedBytes } from './RegistryClient';

export interface McpbBundlesOptions {
  fetch: typeof fetch;
  /** The folder bundles are unpacked in (`bundles` beside the config). */
  dir: string;
  /** Largest download; default 200 MB. */
  maxBytes?: number;
  /** Per download; default 120 s. */
  timeoutMs?: number;
  /** Largest unpacked size in all; default 1 GB. */
  maxUnpackedBytes?: number;
  /** Most entries in one bundle; default 20,000. */
  maxEntries?: number;
}

/** The folder beside the config that bundles are unpacked in. */
export const BUNDLES_DIR_NAME = 'bundles';

/** Written last into an unpacked bundle: the hash it was verified against. */
const DONE_MARKER = '.elftia-bundle-sha256';
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** One path segment from a hostile string: readable, never `..`, and two names that clean alike still differ. */
function folderName(text: string): string {
  const clean = text.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '_').slice(0, 80);
  return `${clean || '_'}-${createHash('sha256').update(text).digest('hex').slice(0, 8)}`;
}

/** Why a zip entry's name may not be unpacked, or undefined. */
function unsafeName(name: string): string | undefined {
  if (name.includes('\\')) return 'a backslash in its path';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'an absolute path';
  if (name.split('/').some((part) => part === '..')) return 'a ".." in its path';
  if (name.includes('\0')) return 'a NUL in its path';
  return undefined;
}

/** An entry's Unix mode (file type bits included) when the zip was made on Unix, else 0. */
function modeOf(entry: JSZip.JSZipObject): number {
  const mode = entry.unixPermissions;
  return typeof mode === 'number' ? mode : typeof mode === 'string' ? parseInt(mode, 8) || 0 : 0;
}

export class McpbBundles {
  private readonly maxBytes: number;
  private readonly timeoutMs: number;
  private readonly maxUnpackedBytes: number;
  private readonly maxEntries: number;

  constructor(private readonly opts: McpbBundlesOptions) {
    this.maxBytes = opts.maxBytes ?? 200 * 1024 * 1024;
    this.timeoutMs = opts.timeoutMs ?? 120_000;
    this.maxUnpackedBytes = opts.maxUnpackedBytes ?? 1024 * 1024 * 1024;
    this.maxEntries = opts.maxEntries ?? 20_000;
  }

  /** The bundle of `pkg` unpacked for server `name` at `version`: reused when already there with the same hash. */
  async unpack(pkg: RegistryPackage, name: string, version: string): Promise<UnpackedBundle> {
    const url = pkg.identifier;
    const refuse = (reason: string) => bundleInvalid(name, url, reason);
    const problem = bundleUrlProblem(url);
    if (problem) throw refuse(problem);
    const expected = (pkg.fileSha256 ?? '').toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(expected)) throw refuse('the entry has no fileSha256 to verify it against');
    const target = path.join(this.opts.dir, folderName(name), folderName(version));
    if (!this.isUnpacked(target, expected)) {
      const bytes = await this.download(url, refuse);
      const actual = createHash('sha256').update(bytes).digest('hex');
      if (actual !== expected) {
        throw new AppError('REGISTRY_BUNDLE_HASH_MISMATCH', `The bundle of ${name} from ${url} has SHA-256 ${actual}, the registry lists ${expected}`, { name, url, expected, actual });
      }
      await this.extract(bytes, target, expected, refuse);
    }
    const manifest = this.manifest(target, refuse);
    const elsewhere = platformProblem(manifest, process.platform);
    if (elsewhere) throw refuse(elsewhere);
    return { url, sha256: expected, dir: target, manifest, paths: this.paths(), platform: process.platform };
  }

  private isUnpacked(target: string, sha256: string): boolean {
    try {
      return fs.readFileSync(path.join(target, DONE_MARKER), 'utf8') === sha256;
    } catch {
      return false;
    }
  }

  private async download(url: string, refuse: (reason: string) => AppError): Promise<Buffer> {
    let response: Response;
    try {
      response = await this.opts.fetch(url, { signal: AbortSignal.timeout(this.timeoutMs), redirect: 'follow' });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw refuse(timedOut ? `no download within ${this.timeoutMs / 1000} s` : `the download failed: ${cutText(errorMessage(err), 200)}`);
    }
    if (!response.ok) throw refuse(`the download answered HTTP ${response.status}`);
    // A redirect may not lead somewhere a bundle could not come from in the first place.
    const landed = bundleUrlProblem(response.url || url);
    if (landed) throw refuse(`the download was redirected: ${landed}`);
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > this.maxBytes) throw refuse(`it is larger than ${this.maxBytes} bytes (${declared})`);
    let bytes: Buffer | undefined;
    try {
      bytes = await readCappedBytes(response, this.maxBytes);
    } catch (err) {
      throw refuse(`the download failed: ${cutText(errorMessage(err), 200)}`);
    }
    if (!bytes) throw refuse(`it is larger than ${this.maxBytes} bytes`);
    return bytes;
  }

  /** Unpacks into a fresh folder beside the target, then swaps it in. */
  private async extract(bytes: Buffer, target: string, sha256: string, refuse: (reason: string) => AppError): Promise<void> {
    // Loaded here, on a first bundle: jszip and its inflate (pako) are 0.28 MB that every CLI
    // command and host start would otherwise compile and run.
    const { default: zipFormat } = await import('jszip');
    let zip: JSZip;
    try {
      zip = await zipFormat.loadAsync(bytes, { createFolders: false });
    } catch (err) {
      throw refuse(`it is not a zip file: ${cutText(errorMessage(err), 200)}`);
    }
    const entries = Object.values(zip.files);
    if (entries.length > this.maxEntries) throw refuse(`it has more than ${this.maxEntries} entries`);
    for (const entry of entries) {
      // JSZip quietly rewrites `../x` to `x` and keeps what the zip said here: a bundle that tried is refused, not repaired.
      const named = entry.unsafeOriginalName ?? entry.name;
      const why = unsafeName(named);
      if (why) throw refuse(`the entry "${cutText(named, 200)}" has ${why}`);
      if ((modeOf(entry) & S_IFMT) === S_IFLNK) {
        throw refuse(`the entry "${cutText(entry.name, 200)}" is a symbolic link`);
      }
    }
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const fresh = `${target}.partial-${randomBytes(6).toString('hex')}`;
    fs.mkdirSync(fresh, { mode: 0o700 });
    try {
      let total = 0;
      for (const entry of entries) {
        const out = path.resolve(fresh, entry.name);
        // The checks above keep every path inside; this is the last word on it.
        if (!out.startsWith(`${fresh}${path.sep}`)) throw refuse(`the entry "${cutText(entry.name, 200)}" leaves the bundle's folder`);
        if (entry.dir) {
          fs.mkdirSync(out, { recursive: true });
          continue;
        }
        fs.mkdirSync(path.dirname(out), { recursive: true });
        const executable = (modeOf(entry) & 0o111) !== 0;
        const budget = this.maxUnpackedBytes;
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            total += chunk.length;
            done(total > budget ? refuse(`it unpacks to more than ${budget} bytes`) : null, chunk);
          },
        });
        await pipeline(entry.nodeStream('nodebuffer'), counter, fs.createWriteStream(out, { flags: 'wx', mode: executable ? 0o755 : 0o644 }));
      }
      // A bundle without a usable manifest is refused before it takes the place of anything.
      this.manifest(fresh, refuse);
      fs.writeFileSync(path.join(fresh, DONE_MARKER), sha256);
      fs.rmSync(target, { recursive: true, force: true });
      fs.renameSync(fresh, target);
    } catch (err) {
      fs.rmSync(fresh, { recursive: true, force: true });
      throw err instanceof AppError ? err : refuse(`it could not be unpacked: ${cutText(errorMessage(err), 200)}`);
    }
  }

  /** The manifest of the bundle unpacked in `dir`, its entry point a file there. */
  private manifest(dir: string, refuse: (reason: string) => AppError): UnpackedBundle['manifest'] {
    let json: unknown;
    try {
      json = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    } catch (err) {
      throw refuse(`no readable manifest.json: ${cutText(errorMessage(err), 200)}`);
    }
    const parsed = McpbManifestSchema.safeParse(json);
    if (!parsed.success) throw refuse(`manifest.json: ${cutText(describeIssues(parsed.error.issues), 500)}`);
    const entry = path.resolve(dir, parsed.data.server.entry_point);
    if (!entry.startsWith(`${dir}${path.sep}`) || !fs.statSync(entry, { throwIfNoEntry: false })?.isFile()) {
      throw refuse(`its entry_point "${cutText(parsed.data.server.entry_point, 200)}" is not a file in the bundle`);
    }
    return parsed.data;
  }

  private paths(): Record<string, string> {
    const home = os.homedir();
    return { HOME: home, DESKTOP: path.join(home, 'Desktop'), DOCUMENTS: path.join(home, 'Documents'), DOWNLOADS: path.join(home, 'Downloads'), pathSeparator: path.sep, '/': path.sep };
  }
}
