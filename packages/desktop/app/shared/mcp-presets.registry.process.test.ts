/**
 * Network test: every package a preset pins is published on the npm registry at that version,
 * has a `bin` (so `npx -y pkg@x.y.z` can run it) and is not deprecated. A preset that points at
 * an unpublished name or version is a known failure of other MCP hosts.
 *
 * When the registry cannot be reached the tests skip and say why; a 404 or a wrong answer fails.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from './errors';
import { OFFICIAL_MCP_PRESETS, pinnedPackageOf } from './mcp-presets';

/** Overridable so a mirror can be checked, and so the skip path can be tried against an unreachable host. */
const REGISTRY = (process.env.ELFTIA_NPM_REGISTRY ?? 'https://registry.npmjs.org').replace(/\/$/, '');
const TIMEOUT_MS = 8_000;

const packages = OFFICIAL_MCP_PRESETS.flatMap((preset) => {
  const pinned = pinnedPackageOf(preset);
  return pinned ? [{ presetId: preset.id, ...pinned }] : [];
});

/** Why the registry is unreachable, or undefined when it answered. */
let unreachable: string | undefined;

const describeError = (err: unknown) => {
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${errorMessage(err)}${cause}`;
};

describe('npm registry (network): pinned preset packages are published', () => {
  beforeAll(async () => {
    try {
      const res = await fetch(`${REGISTRY}/-/ping`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) unreachable = `${REGISTRY}/-/ping answered HTTP ${res.status}`;
    } catch (err) {
      unreachable = `${REGISTRY} cannot be reached (${describeError(err)})`;
    }
    if (unreachable) console.warn(`[mcp-presets.registry] skipping: ${unreachable}`);
  });

  it('checks every npx preset', () => {
    // Guards the table below: a preset whose package we failed to read would go unchecked.
    const npxPresets = OFFICIAL_MCP_PRESETS.filter((preset) => preset.command === 'npx').map((preset) => preset.id);
    expect(npxPresets.length).toBeGreaterThan(0);
    expect(packages.map((p) => p.presetId)).toEqual(npxPresets);
  });

  it.for(packages.map((p) => [`${p.presetId}: ${p.name}@${p.version}`, p] as const))('%s', async ([, { name, version }], ctx) => {
    if (unreachable) return ctx.skip(unreachable);
    // Scoped names keep their "@" but encode the "/", as the npm client does.
    const url = `${REGISTRY}/${name.replace('/', '%2f')}/${version}`;
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
    } catch (err) {
      const reason = `${url} cannot be reached (${describeError(err)})`;
      console.warn(`[mcp-presets.registry] skipping: ${reason}`);
      return ctx.skip(reason);
    }
    expect(res.status, `${name}@${version} on the registry`).toBe(200);
    const manifest = (await res.json()) as { name?: string; version?: string; bin?: unknown; deprecated?: unknown };
    expect(manifest).toMatchObject({ name, version });
    const bins = typeof manifest.bin === 'string' ? [manifest.bin] : Object.keys((manifest.bin as object | undefined) ?? {});
    expect(bins.length, `${name}@${version} has a bin for npx`).toBeGreaterThan(0);
    expect(manifest.deprecated, `${name}@${version} is deprecated`).toBeUndefined();
  });
});
