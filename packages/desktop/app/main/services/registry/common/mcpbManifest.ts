/**
 * An MCP bundle's manifest.json (MCPB, manifest_version 0.2/0.3; `dxt_version` in older ones) as
 * far as running it goes: `server.mcp_config` (command, args, env, and what `platform_overrides`
 * changes on this platform) with its `${…}` variables, `user_config`, the values the bundle asks
 * the person for, and `compatibility.platforms`. Pure: the paths a bundle may name
 * (`${__dirname}`, `${HOME}` …) come from the caller, who unpacked it (McpbBundles.ts).
 *
 * A `${name}` the spec does not define is refused rather than passed on as text: the command line
 * the review shows must be the one that runs.
 */
import { z } from 'zod';
import type { RegistryInput } from '@shared/contracts/registry';

const UserConfigSchema = z.looseObject({
  /** string | number | boolean | directory | file */
  type: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  required: z.boolean().optional(),
  default: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
  sensitive: z.boolean().optional(),
});

/** What a platform changes (MCPB `platform_overrides`): command and args replace, env adds to and overrides. */
const McpConfigOverrideSchema = z.looseObject({
  command: z.string().min(1).optional(),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
});

export const McpbManifestSchema = z.looseObject({
  manifest_version: z.string().optional(),
  dxt_version: z.string().optional(),
  name: z.string().optional(),
  version: z.string().optional(),
  server: z.looseObject({
    /** node | python | binary | uv: what runs the entry point (the command says how). */
    type: z.string().min(1),
    entry_point: z.string().min(1),
    mcp_config: z.looseObject({
      command: z.string().min(1),
      args: z.array(z.string()).optional(),
      env: z.record(z.string(), z.string()).optional(),
      /** Keyed by Node's platform names: win32, darwin, linux. */
      platform_overrides: z.record(z.string(), McpConfigOverrideSchema).optional(),
    }),
  }),
  user_config: z.record(z.string(), UserConfigSchema).optional(),
  /** `platforms`: the only ones the bundle runs on, when listed. */
  compatibility: z.looseObject({ platforms: z.array(z.string()).optional() }).optional(),
});
export type McpbManifest = z.infer<typeof McpbManifestSchema>;

/** A bundle unpacked on this computer. */
export interface UnpackedBundle {
  url: string;
  sha256: string;
  /** Where it was unpacked (`${__dirname}`). */
  dir: string;
  manifest: McpbManifest;
  /** The other path variables: HOME, DESKTOP, DOCUMENTS, DOWNLOADS, pathSeparator and `/`. */
  paths: Readonly<Record<string, string>>;
  /** This computer's platform (Node's name), whose `platform_overrides` apply. */
  platform: string;
}

/** Why the bundle does not run on `platform` (its `compatibility.platforms` leaves it out), or undefined. */
export function platformProblem(manifest: McpbManifest, platform: string): string | undefined {
  const platforms = manifest.compatibility?.platforms;
  return platforms && !platforms.includes(platform) ? `it runs on ${platforms.join(', ') || 'no platform'}, not ${platform}` : undefined;
}

/** The bundle's mcp_config for `platform`: its override's command and args instead, its env on top. */
export function mcpConfigFor(manifest: McpbManifest, platform: string): { command: string; args: string[]; env: Record<string, string> } {
  const { platform_overrides: overrides, ...base } = manifest.server.mcp_config;
  const override = overrides && Object.hasOwn(overrides, platform) ? overrides[platform] : undefined;
  return {
    command: override?.command ?? base.command,
    args: override?.args ?? base.args ?? [],
    env: { ...base.env, ...override?.env },
  };
}

const VARIABLE = /\$\{([^}]*)\}/g;

/** A user_config field as a registry input (sensitive ones are secret). */
function inputOf(field: z.infer<typeof UserConfigSchema>): RegistryInput {
  const fallback = field.default;
  return {
    ...(field.description !== undefined || field.title !== undefined ? { description: field.description ?? field.title } : {}),
    isRequired: field.required === true,
    isSecret: field.sensitive === true,
    ...(fallback !== undefined && !Array.isArray(fallback) ? { default: String(fallback) } : {}),
    ...(field.type === 'number' || field.type === 'boolean' ? { format: field.type } : {}),
  };
}

/**
 * The stdio command of a bundle with its variables filled: `${user_config.x}` through `valueOf`
 * (an input keyed `x`; undefined leaves an argument out, and an env variable unset), the paths
 * from `bundle.paths`. Throws `unknown(name)` for anything else.
 */
export function bundleCommand(
  bundle: UnpackedBundle,
  valueOf: (key: string, input: RegistryInput) => string | undefined,
  unknown: (variable: string) => Error,
): { command: string; args: string[]; env: Record<string, string> } {
  const config = mcpConfigFor(bundle.manifest, bundle.platform);
  const userConfig = bundle.manifest.user_config ?? {};
  const fill = (text: string): string | undefined => {
    let missing = false;
    const out = text.replace(VARIABLE, (_, name: string) => {
      if (name === '__dirname') return bundle.dir;
      if (Object.hasOwn(bundle.paths, name)) return bundle.paths[name]!;
      const key = name.startsWith('user_config.') ? name.slice('user_config.'.length) : undefined;
      const field = key !== undefined && Object.hasOwn(userConfig, key) ? userConfig[key] : undefined;
      if (key === undefined || field === undefined) throw unknown(name);
      const value = valueOf(key, inputOf(field));
      if (value === undefined) missing = true;
      return value ?? '';
    });
    return missing ? undefined : out;
  };
  const command = fill(config.command);
  if (command === undefined) throw unknown(`command ${config.command}`);
  const args = config.args.flatMap((arg) => {
    const value = fill(arg);
    return value === undefined ? [] : [value];
  });
  const env: Record<string, string> = {};
  for (const [name, template] of Object.entries(config.env)) {
    const value = fill(template);
    if (value !== undefined) env[name] = value;
  }
  return { command, args, env };
}
