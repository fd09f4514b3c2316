/**
 * The MCP Registry (registry.modelcontextprotocol.io and sub-registries serving the same API):
 * its responses and `server.json` (schema 2025-12-11) as we read them, the registries a person
 * configured, and the registry.* routes.
 *
 * Every object is loose: the registry's `/v0.1` is frozen for additive changes only, so a field we
 * do not know is kept out of the way, never a reason to refuse an entry. The fields we use are
 * checked strictly: a `default` that is not a string is a broken entry, reported by name.
 */
import { z } from 'zod';
import { McpActivationReviewSchema } from './mcp-links';
import { RegistryOriginSchema } from './mcp-types';

/** The official registry; ELFTIA_REGISTRY_URL replaces it (tests, managed machines). */
export const OFFICIAL_REGISTRY_URL = 'https://registry.modelcontextprotocol.io';
export const OFFICIAL_REGISTRY_ID = 'official';
export const REGISTRY_URL_ENV = 'ELFTIA_REGISTRY_URL';
/** Longest description kept from an entry: the registry allows 100 characters, a hostile one sends megabytes. */
export const REGISTRY_DESCRIPTION_MAX = 2000;
export const REGISTRY_PAGE_MAX = 100;

// ---- server.json -------------------------------------------------------------------------------

/** An input a person may be asked for: an argument's value, an env variable, a header, a `{variable}`. */
export const RegistryInputSchema = z.looseObject({
  description: z.string().optional(),
  isRequired: z.boolean().optional(),
  isSecret: z.boolean().optional(),
  /** string | number | boolean | filepath; another value is read as string. */
  format: z.string().optional(),
  /** A fixed value (not for the person to change); `{name}` in it is filled from `variables`. */
  value: z.string().optional(),
  default: z.string().optional(),
  placeholder: z.string().optional(),
  choices: z.array(z.string()).optional(),
});
export type RegistryInput = z.infer<typeof RegistryInputSchema>;

const WithVariablesSchema = RegistryInputSchema.extend({ variables: z.record(z.string(), RegistryInputSchema).optional() });

/** An environment variable or a header. */
export const RegistryKeyValueSchema = WithVariablesSchema.extend({ name: z.string().min(1) });
export type RegistryKeyValue = z.infer<typeof RegistryKeyValueSchema>;

/**
 * A runtime or package argument. `type` is positional or named; another type makes its package
 * unusable (skipped with a reason) instead of the whole entry unreadable.
 */
export const RegistryArgumentSchema = WithVariablesSchema.extend({
  type: z.string(),
  /** named: the flag, dashes included. */
  name: z.string().optional(),
  /** positional: a label, not part of the command line. */
  valueHint: z.string().optional(),
  isRepeated: z.boolean().optional(),
});
export type RegistryArgument = z.infer<typeof RegistryArgumentSchema>;

export const RegistryTransportSchema = z.looseObject({
  /** stdio | streamable-http | sse */
  type: z.string(),
  url: z.string().optional(),
  headers: z.array(RegistryKeyValueSchema).optional(),
  /** `{name}` in url and header values. */
  variables: z.record(z.string(), RegistryInputSchema).optional(),
});
export type RegistryTransport = z.infer<typeof RegistryTransportSchema>;

export const RegistryPackageSchema = z.looseObject({
  /** npm | pypi | oci | nuget | mcpb; others are skipped with a reason. */
  registryType: z.string().min(1),
  registryBaseUrl: z.string().optional(),
  identifier: z.string().min(1),
  version: z.string().optional(),
  fileSha256: z.string().optional(),
  /** A hint (npx, uvx, docker, dnx), never a command: the command follows registryType. */
  runtimeHint: z.string().optional(),
  /** Older entries lack it: stdio. */
  transport: RegistryTransportSchema.optional(),
  runtimeArguments: z.array(RegistryArgumentSchema).optional(),
  packageArguments: z.array(RegistryArgumentSchema).optional(),
  environmentVariables: z.array(RegistryKeyValueSchema).optional(),
});
export type RegistryPackage = z.infer<typeof RegistryPackageSchema>;

export const RegistryRemoteSchema = RegistryTransportSchema.extend({ url: z.string().min(1) });
export type RegistryRemote = z.infer<typeof RegistryRemoteSchema>;

export const ServerJsonSchema = z.looseObject({
  $schema: z.string().optional(),
  name: z.string().min(1),
  description: z.string().optional(),
  title: z.string().optional(),
  version: z.string().min(1),
  websiteUrl: z.string().optional(),
  repository: z.looseObject({ url: z.string().optional(), source: z.string().optional(), subfolder: z.string().optional() }).optional(),
  packages: z.array(RegistryPackageSchema).optional(),
  remotes: z.array(RegistryRemoteSchema).optional(),
});
export type ServerJson = z.infer<typeof ServerJsonSchema>;

export const OFFICIAL_META_KEY = 'io.modelcontextprotocol.registry/official';
export const REGISTRY_STATUSES = ['active', 'deprecated', 'deleted'] as const;

/** What the registry says of one version (optional: sub-registries may not send it). */
export const OfficialMetaSchema = z.looseObject({
  status: z.string().optional(),
  isLatest: z.boolean().optional(),
  publishedAt: z.string().optional(),
  updatedAt: z.string().optional(),
});

/** One version of one server as the API returns it. */
export const RegistryServerResponseSchema = z.looseObject({
  server: ServerJsonSchema,
  _meta: z.looseObject({ [OFFICIAL_META_KEY]: OfficialMetaSchema.optional() }).optional(),
});
export type RegistryServerResponse = z.infer<typeof RegistryServerResponseSchema>;

/** A page: the servers are parsed one by one, so one broken entry does not hide the page. */
export const RegistryServerListSchema = z.looseObject({
  servers: z.array(z.unknown()),
  metadata: z.looseObject({ nextCursor: z.string().nullish(), count: z.number().optional() }).optional(),
});

// ---- registries as settings --------------------------------------------------------------------

const RegistryIdSchema = z.string().trim().min(1).max(64);

export const RegistrySourceSchema = z.strictObject({
  id: RegistryIdSchema,
  name: z.string().trim().min(1).max(200),
  /** Base URL: the API is at `{url}/v0.1/…` (or `/v0/…`). https, or http to this computer. */
  url: z.url({ protocol: /^https?$/ }).max(2000),
  enabled: z.boolean(),
});
export type RegistrySource = z.infer<typeof RegistrySourceSchema>;

/** `registries.json`: the person's own registries; the official one is always first (it may be disabled, not removed). */
export const RegistrySettingsSchema = z.strictObject({
  officialEnabled: z.boolean(),
  others: z.array(RegistrySourceSchema.refine((r) => r.id !== OFFICIAL_REGISTRY_ID, { message: `"${OFFICIAL_REGISTRY_ID}" is the official registry's id`, path: ['id'] })).max(50),
});
export type RegistrySettings = z.infer<typeof RegistrySettingsSchema>;
export const DEFAULT_REGISTRY_SETTINGS: RegistrySettings = { officialEnabled: true, others: [] };

/** The registries in use, official first, its URL from ELFTIA_REGISTRY_URL when set. */
export function effectiveRegistries(settings: RegistrySettings, envUrl: string | undefined): RegistrySource[] {
  const official: RegistrySource = { id: OFFICIAL_REGISTRY_ID, name: 'MCP Registry', url: envUrl?.trim() || OFFICIAL_REGISTRY_URL, enabled: settings.officialEnabled };
  return [official, ...settings.others];
}

// ---- what the routes return --------------------------------------------------------------------

export const RegistryStatusSchema = z.enum([...REGISTRY_STATUSES, 'unknown']);
export type RegistryStatus = z.infer<typeof RegistryStatusSchema>;

const RegistryRefSchema = z.object({ id: z.string(), name: z.string(), url: z.string() });

/**
 * One entry as a list shows it. Strings are as the registry sent them (the UI and the CLI show
 * them through their control-safe text), except the description, cut to REGISTRY_DESCRIPTION_MAX.
 */
export const RegistryEntrySchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string(),
  descriptionCut: z.literal(true).optional(),
  version: z.string(),
  status: RegistryStatusSchema,
  isLatest: z.boolean().optional(),
  publishedAt: z.string().optional(),
  websiteUrl: z.string().optional(),
  repositoryUrl: z.string().optional(),
  /** registryType of each package, in order (filters: package type). */
  packageTypes: z.array(z.string()),
  /** remote types (streamable-http, sse), in order (filters: remote or local). */
  remoteTypes: z.array(z.string()),
  /** Some input is secret and required (filters: needs a key). */
  needsKey: z.boolean(),
});
export type RegistryEntry = z.infer<typeof RegistryEntrySchema>;

/** An entry the registry sent that does not fit server.json: named when it has a name. */
export const RegistryInvalidEntrySchema = z.object({ name: z.string().optional(), reason: z.string() });

export const RegistrySearchInputSchema = z.strictObject({
  /** Registry id; absent = the first enabled one. */
  registry: z.string().optional(),
  query: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(REGISTRY_PAGE_MAX).optional(),
  /** Opaque: the previous page's nextCursor, as it was. */
  cursor: z.string().max(2000).optional(),
  /** Every version, not only the latest. */
  allVersions: z.boolean().optional(),
});
export type RegistrySearchInput = z.infer<typeof RegistrySearchInputSchema>;

export const RegistrySearchResultSchema = z.object({
  registry: RegistryRefSchema,
  entries: z.array(RegistryEntrySchema),
  invalid: z.array(RegistryInvalidEntrySchema),
  /** Absent = no more pages. A full page may still be followed by an empty one. */
  nextCursor: z.string().optional(),
});
export type RegistrySearchResult = z.infer<typeof RegistrySearchResultSchema>;

export const RegistryShowInputSchema = z.strictObject({
  registry: z.string().optional(),
  name: z.string().min(1).max(500),
  /** Absent = latest. */
  version: z.string().min(1).max(255).optional(),
});
export type RegistryShowInput = z.infer<typeof RegistryShowInputSchema>;

/** Where an input's value goes. */
export const INPUT_PLACES = ['env', 'header', 'argument', 'url', 'variable'] as const;

/** One value to ask the person for, keyed by `key` (what --input KEY=VALUE and install's `inputs` name). */
export const RegistryInputFieldSchema = z.object({
  key: z.string(),
  place: z.enum(INPUT_PLACES),
  description: z.string().optional(),
  isRequired: z.boolean(),
  /** Declared secret, or a name with KEY / TOKEN / SECRET / PASSWORD in it. */
  isSecret: z.boolean(),
  default: z.string().optional(),
  choices: z.array(z.string()).optional(),
  format: z.string().optional(),
  placeholder: z.string().optional(),
});
export type RegistryInputField = z.infer<typeof RegistryInputFieldSchema>;

/** Something the review must point out. `subject` names the variable, argument, URL or input concerned. */
export const REVIEW_FLAGS = [
  'code_risk_env',
  'insecure_remote',
  'docker_privileged',
  'docker_host_mount',
  'docker_host_namespace',
  'deprecated',
  'deleted',
  'not_latest',
  'description_cut',
  'controls_in_text',
  /** An MCP bundle: subject is `URL sha256:HASH`, what was downloaded and verified. */
  'mcpb_bundle',
] as const;
export const RegistryReviewFlagSchema = z.object({ flag: z.enum(REVIEW_FLAGS), subject: z.string().optional() });
export type RegistryReviewFlag = z.infer<typeof RegistryReviewFlagSchema>;

/**
 * Why a package or remote cannot be installed here, as data: the window says it in the person's
 * language (`registry:skip.<code>`), the CLI and JSON in English (`skipText`).
 */
export const RegistrySkipSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('unknown_package_type'), type: z.string() }),
  z.object({ code: z.literal('serves_locally'), transport: z.string() }),
  z.object({ code: z.literal('not_pinned'), version: z.string() }),
  z.object({ code: z.literal('image_untagged') }),
  z.object({ code: z.literal('unknown_argument_type'), type: z.string() }),
  z.object({ code: z.literal('bundle_not_url') }),
  z.object({ code: z.literal('bundle_not_https'), protocol: z.string() }),
  z.object({ code: z.literal('bundle_no_hash') }),
  z.object({ code: z.literal('unknown_remote_type'), type: z.string() }),
]);
export type RegistrySkip = z.infer<typeof RegistrySkipSchema>;

/** Where a bundle URL fails, said as the end of a sentence (also in REGISTRY_BUNDLE_INVALID's reason). */
export const bundleUrlText = (skip: Extract<RegistrySkip, { code: 'bundle_not_url' | 'bundle_not_https' }>): string =>
  skip.code === 'bundle_not_url' ? 'its identifier is not a URL' : `its URL is not https (${skip.protocol})`;

/** A skip reason in English. */
export function skipText(skip: RegistrySkip): string {
  switch (skip.code) {
    case 'unknown_package_type':
      return `unknown package type "${skip.type}"`;
    case 'serves_locally':
      return `the package serves ${skip.transport} on this computer; only stdio packages are installed`;
    case 'not_pinned':
      return `no exact version is pinned ("${skip.version}")`;
    case 'image_untagged':
      return 'the image names no tag or digest';
    case 'unknown_argument_type':
      return `an argument of unknown type "${skip.type}"`;
    case 'bundle_not_url':
    case 'bundle_not_https':
      return `the bundle cannot be downloaded safely: ${bundleUrlText(skip)}`;
    case 'bundle_no_hash':
      return 'the bundle has no fileSha256 to verify it against';
    case 'unknown_remote_type':
      return `unknown remote type "${skip.type}"`;
  }
}

/** A package or remote of an entry, as something to install. */
export const RegistryOptionSchema = z.object({
  kind: z.enum(['package', 'remote']),
  /** Index in packages[] or remotes[]. */
  index: z.number().int().min(0),
  /** npm, pypi, oci, nuget, mcpb … or the remote's type. */
  type: z.string(),
  /** Package identifier or remote URL template. */
  target: z.string(),
  /** Why it cannot be installed here, in English (`skipText(skip)`). */
  skipped: z.string().optional(),
  skip: RegistrySkipSchema.optional(),
  inputs: z.array(RegistryInputFieldSchema),
});
export type RegistryOption = z.infer<typeof RegistryOptionSchema>;

export const RegistryVersionSchema = z.object({ version: z.string(), status: RegistryStatusSchema, isLatest: z.boolean().optional(), publishedAt: z.string().optional() });

export const RegistryShowResultSchema = z.object({
  registry: RegistryRefSchema,
  entry: RegistryEntrySchema,
  versions: z.array(RegistryVersionSchema),
  options: z.array(RegistryOptionSchema),
  flags: z.array(RegistryReviewFlagSchema),
});
export type RegistryShowResult = z.infer<typeof RegistryShowResultSchema>;

export { RegistryOriginSchema };
export type { RegistryOrigin } from './mcp-types';

export const RegistryInstallInputSchema = z
  .strictObject({
    registry: z.string().optional(),
    name: z.string().min(1).max(500),
    version: z.string().min(1).max(255).optional(),
    /** Index in packages[], or its registryType / identifier. */
    package: z.union([z.number().int().min(0), z.string().min(1)]).optional(),
    remote: z.union([z.number().int().min(0), z.string().min(1)]).optional(),
    /** The saved server's name; default the entry's title or the last part of its name. */
    serverName: z.string().trim().min(1).max(200).optional(),
    /** Values by input key (RegistryInputField.key). Secret ones end in the secret store, never the config file. */
    inputs: z.record(z.string(), z.string().max(100_000)).optional(),
  })
  .refine((input) => input.package === undefined || input.remote === undefined, { message: 'Choose a package or a remote, not both', path: ['remote'] });
export type RegistryInstallInput = z.infer<typeof RegistryInstallInputSchema>;

/**
 * The server is saved inactive (installSource `protocol`, like an install link's): `review` is the
 * activation review mcp.activate takes the token of, `flags` what the registry entry adds to it.
 */
export const RegistryInstallResultSchema = z.object({
  serverId: z.string(),
  origin: RegistryOriginSchema,
  review: McpActivationReviewSchema,
  flags: z.array(RegistryReviewFlagSchema),
});
export type RegistryInstallResult = z.infer<typeof RegistryInstallResultSchema>;

export const RegistryUpdateSchema = z.object({
  serverId: z.string(),
  serverName: z.string(),
  origin: RegistryOriginSchema,
  /** Absent when the check failed (error says why). */
  latest: z.string().optional(),
  updateAvailable: z.boolean(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type RegistryUpdate = z.infer<typeof RegistryUpdateSchema>;

export const RegistryListResultSchema = z.object({ registries: z.array(RegistrySourceSchema), settings: RegistrySettingsSchema });

// ---- applying an update (registry.update) ------------------------------------------------------

export const RegistryApplyUpdateInputSchema = z.strictObject({
  /** The saved server's id (one installed from a registry: it has a registryOrigin). */
  id: z.string().trim().min(1),
  /** Absent = the registry's latest. */
  version: z.string().min(1).max(255).optional(),
  /**
   * Values by input key for what the new version asks and the old one did not (or to change one).
   * The values the server was built with are read back from its record: secrets stay in the
   * secret store and are not asked again.
   */
  inputs: z.record(z.string(), z.string().max(100_000)).optional(),
  /**
   * Absent: nothing is written, the answer is the review of the updated record. Given: the token
   * of that review, and the update is applied if the record it would write is still the one
   * reviewed (else ACTIVATION_REVIEW_STALE), exactly as mcp.activate checks a review.
   */
  reviewToken: z.string().min(1).max(200).optional(),
  /** Needed with a token when the review is risky (as mcp.activate's). */
  riskAcknowledged: z.boolean().optional(),
});
export type RegistryApplyUpdateInput = z.infer<typeof RegistryApplyUpdateInputSchema>;

/** registry.install's answer, for the updated record, with the version it replaces and whether it was written. */
export const RegistryApplyUpdateResultSchema = RegistryInstallResultSchema.extend({
  previousVersion: z.string(),
  /** The inputs of the new version's package or remote (which are secret, which are new to ask). */
  inputs: z.array(RegistryInputFieldSchema),
  applied: z.boolean(),
});
export type RegistryApplyUpdateResult = z.infer<typeof RegistryApplyUpdateResultSchema>;
