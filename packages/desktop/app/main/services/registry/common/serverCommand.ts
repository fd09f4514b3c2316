/**
 * From a registry entry (server.json) to a server record: the command line of a package or the
 * URL and headers of a remote, the inputs the entry declares, and what the review must point out.
 * Pure and runtime-neutral (the UI may show the same inputs), and the one place that knows how
 * each package type runs:
 *
 *   npm    npx -y <runtime args> id@version <package args>
 *   pypi   uvx <runtime args> id@version <package args>      (uv's `command@version`: an exact pin)
 *   oci    docker run -i --rm <runtime args> -e NAME … image <package args>
 *   nuget  dnx id@version --yes <runtime args> -- <package args>
 *   mcpb   the unpacked bundle's manifest command (mcpbManifest.ts) <package args>
 *
 * Always an argument array, never a shell string; `runtimeHint` is a hint, never a command.
 */
import type { McpServerConfig } from '@shared/contracts/mcp-types';
import {
  bundleUrlText,
  skipText,
  type RegistryArgument,
  type RegistryInput,
  type RegistryInputField,
  type RegistryKeyValue,
  type RegistryOption,
  type RegistryPackage,
  type RegistryRemote,
  type RegistryReviewFlag,
  type RegistrySkip,
  type ServerJson,
} from '@shared/contracts/registry';
import { AppError } from '@shared/errors';
import { isLoopbackHost } from '@shared/externalUrl';
import { codeRiskOf } from '../../capabilities/tools/mcp-users/common/codeRiskEnv';
import { bundleCommand, type UnpackedBundle } from './mcpbManifest';

/** 82 env variables of the official registry have secret names without `isSecret`. */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD/i;
const PLACEHOLDER = /\{([A-Za-z0-9_.-]+)\}/g;
/** A version range, which the registry refuses for packages but a sub-registry may still send. */
const NOT_EXACT = /^\s*$|[\s^~<>=*|]|^latest$|\.x(\.|$)/i;

export interface BuiltServer {
  type: 'stdio' | 'sse' | 'http';
  config: Pick<McpServerConfig, 'command' | 'args' | 'env' | 'url' | 'headers'>;
  /** Every input the option declares (and every undeclared `{x}`), in order. */
  inputs: RegistryInputField[];
  flags: RegistryReviewFlag[];
  /** Values of secret inputs, to check where they landed. */
  secretValues: Map<string, string>;
}

export type InputValues = Readonly<Record<string, string>>;

const isSecretInput = (key: string, input: RegistryInput) => input.isSecret === true || SECRET_NAME.test(key);

function field(key: string, place: RegistryInputField['place'], input: RegistryInput, required = input.isRequired === true): RegistryInputField {
  return {
    key,
    place,
    ...(input.description !== undefined ? { description: input.description } : {}),
    isRequired: required,
    isSecret: isSecretInput(key, input),
    ...(input.default !== undefined ? { default: input.default } : {}),
    ...(input.choices ? { choices: input.choices } : {}),
    ...(input.format !== undefined ? { format: input.format } : {}),
    ...(input.placeholder !== undefined ? { placeholder: input.placeholder } : {}),
  };
}

/** Collects inputs and resolves values against what the person gave. */
class Resolver {
  readonly inputs: RegistryInputField[] = [];
  readonly secretValues = new Map<string, string>();
  private readonly seen = new Set<string>();

  constructor(
    private readonly serverName: string,
    private readonly given: InputValues,
    /** Collect inputs only: a missing required value is not an error (show's listing). */
    private readonly listing: boolean,
  ) {}

  private declare(input: RegistryInputField): void {
    if (this.seen.has(input.key)) return;
    this.seen.add(input.key);
    this.inputs.push(input);
  }

  /** The value of an input: given, else its default; undefined when neither (an error when required). */
  private valueOf(key: string, place: RegistryInputField['place'], input: RegistryInput, required: boolean): string | undefined {
    const declared = field(key, place, input, required);
    this.declare(declared);
    const value = this.given[key] ?? input.default;
    if (value === undefined) {
      if (required && !this.listing) throw new AppError('REGISTRY_INPUT_REQUIRED', `"${this.serverName}" needs a value for ${key}`, { name: this.serverName, input: key, secret: declared.isSecret });
      return undefined;
    }
    this.check(key, value, input);
    if (declared.isSecret && value) this.secretValues.set(key, value);
    return value;
  }

  private check(key: string, value: string, input: RegistryInput): void {
    const invalid = (reason: string) =>
      new AppError('REGISTRY_INPUT_INVALID', `${key} of "${this.serverName}": ${reason}`, {
        name: this.serverName,
        input: key,
        reason,
        ...(input.choices ? { choices: input.choices.join(', ') } : {}),
      });
    if (this.listing) return;
    if (input.choices?.length && !input.choices.includes(value)) throw invalid(`"${value}" is not one of ${input.choices.join(', ')}`);
    if (input.format === 'number' && !Number.isFinite(Number(value))) throw invalid(`"${value}" is not a number`);
    if (input.format === 'boolean' && value !== 'true' && value !== 'false') throw invalid(`"${value}" is not true or false`);
  }

  /**
   * A fixed `value` with its `{placeholders}` filled: from `variables` (each an input of its own),
   * or, for a name the entry does not declare, an input to ask for (required), never a literal.
   */
  fill(template: string, variables: Record<string, RegistryInput> | undefined): string | undefined {
    let missing = false;
    const out = template.replace(PLACEHOLDER, (_, name: string) => {
      const variable = variables?.[name];
      // A template cannot be filled halfway: every variable without a default is needed.
      const value = this.valueOf(name, 'variable', variable ?? {}, variable?.default === undefined);
      if (value === undefined) missing = true;
      return value ?? '';
    });
    return missing ? undefined : out;
  }

  /** An argument's, env variable's or header's value: fixed (filled), or asked for under `key`. */
  resolve(key: string, place: RegistryInputField['place'], input: RegistryInput & { variables?: Record<string, RegistryInput> | undefined }): string | undefined {
    if (input.value !== undefined) return this.fill(input.value, input.variables);
    return this.valueOf(key, place, input, input.isRequired === true);
  }
}

/** A named argument with nothing to ask: a bare flag (`--stdio`). */
const isBareFlag = (arg: RegistryArgument) =>
  arg.value === undefined && arg.default === undefined && !arg.isRequired && !arg.description && !arg.choices && !arg.format && !arg.placeholder && !arg.variables;

/** Why an argument list cannot be built, or undefined. */
const unknownArgumentType = (args: readonly RegistryArgument[] | undefined) => args?.find((arg) => arg.type !== 'positional' && (arg.type !== 'named' || !arg.name));

function argumentsOf(args: readonly RegistryArgument[] | undefined, resolver: Resolver): string[] {
  return (args ?? []).flatMap((arg, i): string[] => {
    if (arg.type === 'named') {
      const name = arg.name!;
      if (isBareFlag(arg)) return [name];
      const value = resolver.resolve(name, 'argument', arg);
      return value === undefined ? [] : [name, value];
    }
    const value = resolver.resolve(arg.valueHint ?? `argument ${i + 1}`, 'argument', arg);
    return value === undefined ? [] : [value];
  });
}

function envOf(vars: readonly RegistryKeyValue[] | undefined, resolver: Resolver): Record<string, string> {
  const env: Record<string, string> = {};
  for (const variable of vars ?? []) {
    const value = resolver.resolve(variable.name, 'env', variable);
    if (value !== undefined) env[variable.name] = value;
  }
  return env;
}

function headersOf(headers: readonly RegistryKeyValue[] | undefined, resolver: Resolver): Record<string, string> {
  const out: Record<string, string> = {};
  for (const header of headers ?? []) {
    const value = resolver.resolve(header.name, 'header', header);
    if (value !== undefined) out[header.name] = value;
  }
  return out;
}

/** An OCI reference that names its tag or digest already (`ghcr.io/x/y:1.2`, `…@sha256:…`). */
const hasTag = (image: string) => image.includes('@') || /:[^/]+$/.test(image);

/** Docker's own flags that real entries repeat in runtimeArguments: we put them there once. */
const DOCKER_OWN = new Set(['run', '-i', '--interactive', '--rm', '-it', '-ti']);

/**
 * Why a package cannot be installed here, or undefined. A package that serves HTTP itself would
 * need a process and a URL in one record, which this app's records do not have yet.
 */
export function packageSkipReason(pkg: RegistryPackage): RegistrySkip | undefined {
  if (!['npm', 'pypi', 'oci', 'nuget', 'mcpb'].includes(pkg.registryType)) return { code: 'unknown_package_type', type: pkg.registryType };
  if (pkg.registryType === 'mcpb') {
    const reason = bundleSkipReason(pkg);
    if (reason) return reason;
  }
  const transport = pkg.transport?.type ?? 'stdio';
  if (transport !== 'stdio') return { code: 'serves_locally', transport };
  const exactVersion = pkg.version !== undefined && !NOT_EXACT.test(pkg.version);
  // A bundle is pinned by its hash; the others by their version.
  if (pkg.registryType !== 'oci' && pkg.registryType !== 'mcpb' && !exactVersion) return { code: 'not_pinned', version: pkg.version ?? '' };
  if (pkg.registryType === 'oci' && !hasTag(pkg.identifier) && !exactVersion) return { code: 'image_untagged' };
  const odd = unknownArgumentType(pkg.runtimeArguments) ?? unknownArgumentType(pkg.packageArguments);
  if (odd) return { code: 'unknown_argument_type', type: odd.type };
  return undefined;
}

/** Where a bundle may come from: https, or http on this computer (a stand-in registry). */
function bundleUrlSkip(url: string): Extract<RegistrySkip, { code: 'bundle_not_url' | 'bundle_not_https' }> | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { code: 'bundle_not_url' };
  }
  if (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname))) return undefined;
  return { code: 'bundle_not_https', protocol: parsed.protocol };
}

/** Why a bundle may not be downloaded from `url`, as the end of a sentence; undefined when it may. */
export function bundleUrlProblem(url: string): string | undefined {
  const skip = bundleUrlSkip(url);
  return skip && bundleUrlText(skip);
}

/** An MCP bundle is downloaded only from a URL it can be checked against: https, and a SHA-256 to verify. */
function bundleSkipReason(pkg: RegistryPackage): RegistrySkip | undefined {
  const url = bundleUrlSkip(pkg.identifier);
  if (url) return url;
  if (!/^[0-9a-f]{64}$/i.test(pkg.fileSha256 ?? '')) return { code: 'bundle_no_hash' };
  return undefined;
}

export function remoteSkipReason(remote: RegistryRemote): RegistrySkip | undefined {
  return remote.type === 'sse' || remote.type === 'streamable-http' ? undefined : { code: 'unknown_remote_type', type: remote.type };
}

function packageCommand(pkg: RegistryPackage, runtime: string[], packageArgs: string[], env: Record<string, string>): { command: string; args: string[] } {
  const pinned = `${pkg.identifier}@${pkg.version}`;
  // An entry that repeats the package in its runtime arguments would otherwise run it twice.
  const notThePackage = (arg: string) => arg !== pkg.identifier && arg !== pinned;
  switch (pkg.registryType) {
    case 'npm':
      return { command: 'npx', args: ['-y', ...runtime.filter((arg) => arg !== '-y' && arg !== '--yes' && notThePackage(arg)), pinned, ...packageArgs] };
    case 'pypi':
      return { command: 'uvx', args: [...runtime.filter(notThePackage), pinned, ...packageArgs] };
    case 'nuget':
      return { command: 'dnx', args: [pinned, '--yes', ...runtime.filter((arg) => arg !== '--yes' && notThePackage(arg)), ...(packageArgs.length ? ['--', ...packageArgs] : [])] };
    default: {
      const image = hasTag(pkg.identifier) || !pkg.version ? pkg.identifier : `${pkg.identifier}:${pkg.version}`;
      const own = runtime.filter((arg, i) => !(DOCKER_OWN.has(arg) && (arg !== 'run' || i === 0)) && arg !== image && arg !== pkg.identifier);
      // `-e NAME` passes the variable from the env docker runs with; one the entry passes already is not passed twice.
      const passed = new Set(own.flatMap((arg, i) => ((arg === '-e' || arg === '--env') && own[i + 1] !== undefined ? [own[i + 1]] : [])));
      const envArgs = Object.keys(env).flatMap((name) => (passed.has(name) ? [] : ['-e', name]));
      return { command: 'docker', args: ['run', '-i', '--rm', ...own, ...envArgs, image, ...packageArgs] };
    }
  }
}

export const bundleInvalid = (name: string, url: string, reason: string) => new AppError('REGISTRY_BUNDLE_INVALID', `The bundle of ${name} from ${url}: ${reason}`, { name, url, reason });

/** Docker runtime arguments that give the container the host: flagged for the review. */
function dockerFlags(args: readonly string[]): RegistryReviewFlag[] {
  const flags: RegistryReviewFlag[] = [];
  args.forEach((arg, i) => {
    const next = args[i + 1] ?? '';
    const [flag, inline] = arg.includes('=') && arg.startsWith('--') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = inline ?? next;
    if (flag === '--privileged' || flag === '--cap-add' || flag === '--device' || (flag === '--security-opt' && /unconfined/.test(value))) {
      flags.push({ flag: 'docker_privileged', subject: inline !== undefined || flag === '--privileged' ? arg : `${arg} ${next}` });
    } else if (flag === '-v' || flag === '--volume' || flag === '--mount') {
      flags.push({ flag: 'docker_host_mount', subject: `${flag} ${value}` });
    } else if (['--network', '--net', '--pid', '--ipc', '--uts', '--userns'].includes(flag) && value === 'host') {
      flags.push({ flag: 'docker_host_namespace', subject: `${flag} ${value}` });
    }
  });
  return flags;
}

/**
 * The record's transport and config for one package or remote, with the values given. Throws
 * REGISTRY_INPUT_REQUIRED / _INVALID naming the input; `listing` collects the inputs only.
 */
export function buildServer(server: ServerJson, option: { kind: 'package' | 'remote'; index: number }, given: InputValues, listing = false, bundle?: UnpackedBundle): BuiltServer {
  const resolver = new Resolver(server.name, given, listing);
  const flags: RegistryReviewFlag[] = [];
  if (option.kind === 'remote') {
    const remote = server.remotes?.[option.index];
    if (!remote) throw new AppError('REGISTRY_NO_INSTALL_OPTION', `"${server.name}" has no remote ${option.index}`, { name: server.name, reasons: `no remote ${option.index}` });
    const url = resolver.fill(remote.url, remote.variables) ?? remote.url;
    const headers = headersOf(remote.headers, resolver);
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (parsed?.protocol === 'http:' && !isLoopbackHost(parsed.hostname)) {
      const secret = resolver.secretValues.keys().next();
      // A secret over plain http is readable by everyone on the way: refused. Without one, the person is warned.
      if (!secret.done && !listing) throw new AppError('REGISTRY_INSECURE_REMOTE', `"${server.name}" would send ${secret.value} over plain http to ${url}`, { name: server.name, url, input: secret.value });
      flags.push({ flag: 'insecure_remote', subject: url });
    }
    return {
      type: remote.type === 'sse' ? 'sse' : 'http',
      config: { url, ...(Object.keys(headers).length ? { headers } : {}) },
      inputs: resolver.inputs,
      flags,
      secretValues: resolver.secretValues,
    };
  }
  const pkg = server.packages?.[option.index];
  if (!pkg) throw new AppError('REGISTRY_NO_INSTALL_OPTION', `"${server.name}" has no package ${option.index}`, { name: server.name, reasons: `no package ${option.index}` });
  const runtime = argumentsOf(pkg.runtimeArguments, resolver);
  const packageArgs = argumentsOf(pkg.packageArguments, resolver);
  let env = envOf(pkg.environmentVariables, resolver);
  let command: string;
  let args: string[];
  if (pkg.registryType === 'mcpb') {
    // Without the unpacked bundle only what the entry itself declares is known (show's listing).
    if (!bundle && !listing) throw new Error(`The bundle of ${server.name} is not unpacked`);
    const own = bundle
      ? bundleCommand(bundle, (key, input) => resolver.resolve(key, 'variable', input), (variable) => bundleInvalid(server.name, pkg.identifier, `manifest.json uses \${${variable}}, which is not an MCPB variable`))
      : { command: '', args: [], env: {} };
    ({ command } = own);
    args = [...own.args, ...runtime, ...packageArgs];
    env = { ...own.env, ...env };
    if (bundle) flags.push({ flag: 'mcpb_bundle', subject: `${bundle.url} sha256:${bundle.sha256}` });
  } else ({ command, args } = packageCommand(pkg, runtime, packageArgs, env));
  for (const name of Object.keys(env)) if (codeRiskOf(name)) flags.push({ flag: 'code_risk_env', subject: name });
  if (pkg.registryType === 'oci') flags.push(...dockerFlags(args));
  return {
    type: 'stdio',
    config: { command, args, ...(Object.keys(env).length ? { env } : {}) },
    inputs: resolver.inputs,
    flags,
    secretValues: resolver.secretValues,
  };
}

const skipped = (skip: RegistrySkip) => ({ skipped: skipText(skip), skip, inputs: [] });

/** Every package and remote of an entry, each with its inputs, or why it cannot be installed here. */
export function optionsOf(server: ServerJson): RegistryOption[] {
  const packages = (server.packages ?? []).map((pkg, index): RegistryOption => {
    const skip = packageSkipReason(pkg);
    return { kind: 'package', index, type: pkg.registryType, target: pkg.identifier, ...(skip ? skipped(skip) : { inputs: buildServer(server, { kind: 'package', index }, {}, true).inputs }) };
  });
  const remotes = (server.remotes ?? []).map((remote, index): RegistryOption => {
    const skip = remoteSkipReason(remote);
    return { kind: 'remote', index, type: remote.type, target: remote.url, ...(skip ? skipped(skip) : { inputs: buildServer(server, { kind: 'remote', index }, {}, true).inputs }) };
  });
  return [...packages, ...remotes];
}

/**
 * The option `choice` names (an index, a package type or identifier, a remote type or URL), or the
 * first installable one, packages first; REGISTRY_NO_INSTALL_OPTION says why none fits.
 */
export function chooseOption(server: ServerJson, choice: { package?: number | string | undefined; remote?: number | string | undefined }): RegistryOption {
  const options = optionsOf(server);
  const kind = choice.remote !== undefined ? 'remote' : choice.package !== undefined ? 'package' : undefined;
  const wanted = choice.remote ?? choice.package;
  const candidates = options.filter((option) => (kind === undefined || option.kind === kind) && (wanted === undefined || option.index === wanted || option.type === wanted || option.target === wanted));
  const usable = candidates.find((option) => !option.skipped);
  if (usable) return usable;
  const reasons = candidates.length ? candidates.map((option) => `${option.type} ${option.target}: ${option.skipped}`).join('; ') : `no ${kind ?? 'package or remote'}${wanted !== undefined ? ` "${wanted}"` : ''}`;
  throw new AppError('REGISTRY_NO_INSTALL_OPTION', `"${server.name}" has nothing to install: ${reasons}`, { name: server.name, reasons });
}

/** Whether any option needs a secret the person must give (the "needs a key" filter). */
export const needsKey = (server: ServerJson): boolean =>
  optionsOf(server).some((option) => !option.skipped && option.inputs.some((input) => input.isSecret && input.isRequired && input.default === undefined));

// ---- the inputs a saved server was built with (registry.update) -------------------------------

/**
 * A marker standing for each input in a template built with markers instead of values (a private
 * use character: no real value is expected to hold it, and a hostile entry that writes one only
 * gets it read as text, see readTemplate).
 */
const markOf = (i: number) => `\uE000${i}\uE000`;
const MARK = /\uE000(\d+)\uE000/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** More markers than this in one value is no real entry; it is not read back (the regex would backtrack for long). */
const MARKS_MAX = 8;

/** The values a template's markers stand for in `actual`, or undefined when `actual` is not that template filled. */
function readTemplate(template: string, actual: string, keys: readonly string[]): Record<string, string> | undefined {
  const order: string[] = [];
  const pattern = template
    .split(new RegExp(MARK.source, 'g'))
    .map((part, i) => {
      if (i % 2 === 0) return escapeRegExp(part);
      const key = keys[Number(part)];
      if (key === undefined) return escapeRegExp(`\uE000${part}\uE000`);
      order.push(key);
      return '([\\s\\S]*?)';
    })
    .join('');
  if (order.length > MARKS_MAX) return undefined;
  const match = new RegExp(`^${pattern}$`).exec(actual);
  if (!match) return undefined;
  return Object.fromEntries(order.map((key, i) => [key, match[i + 1]!]));
}

/** Optional inputs tried absent at most: 2^8 command lines, each a few strings long. */
const ABSENT_MAX = 8;

/** Subsets of `keys`, fewest first: the most complete reading of a command line wins. */
function subsetsBySize(keys: readonly string[]): string[][] {
  const all = Array.from({ length: 2 ** keys.length }, (_, bits) => keys.filter((_key, i) => bits & (1 << i)));
  return all.sort((a, b) => a.length - b.length);
}

/**
 * The argument values of a saved command line. Which optional inputs were left out decides its
 * shape (a named one drops its flag too), so each choice is built with markers and compared word
 * by word, the fullest first; one word matched out of place could read a value into the wrong input.
 */
function argumentValues(
  server: ServerJson,
  option: { kind: 'package' | 'remote'; index: number },
  inputs: readonly RegistryInputField[],
  saved: readonly string[],
  bundle: UnpackedBundle | undefined,
): Record<string, string> {
  const keys = inputs.map((input) => input.key);
  const optional = inputs.filter((input) => !input.isRequired && input.default === undefined).map((input) => input.key).slice(0, ABSENT_MAX);
  for (const absent of subsetsBySize(optional)) {
    const marks = Object.fromEntries(keys.flatMap((key, i) => (absent.includes(key) ? [] : [[key, markOf(i)]])));
    const probe = buildServer(server, option, marks, true, bundle).config.args ?? [];
    if (probe.length !== saved.length) continue;
    const found: Record<string, string> = {};
    if (probe.every((template, i) => { const values = readTemplate(template, saved[i]!, keys); return values !== undefined && Object.assign(found, values); })) return found;
  }
  return {};
}

/**
 * The input values a saved server's config holds, read back against the entry version it was
 * built from: the option is built once with a marker per input, and each marker's place in the
 * command line, env, URL and headers is read in the saved config. An input whose value cannot be
 * found (left out, or the config edited by hand) is simply not returned: the update asks for it
 * again when the new version requires it.
 */
export function savedInputs(
  server: ServerJson,
  option: { kind: 'package' | 'remote'; index: number },
  config: Pick<McpServerConfig, 'args' | 'env' | 'url' | 'headers'>,
  bundle?: UnpackedBundle,
): Record<string, string> {
  const { inputs } = buildServer(server, option, {}, true, bundle);
  const keys = inputs.map((input) => input.key);
  const probe = buildServer(server, option, Object.fromEntries(keys.map((key, i) => [key, markOf(i)])), true, bundle).config;
  const found: Record<string, string> = {};
  const read = (template: string | undefined, actual: string | undefined) => {
    if (template !== undefined && actual !== undefined) Object.assign(found, readTemplate(template, actual, keys));
  };
  for (const [name, template] of Object.entries(probe.env ?? {})) read(template, config.env?.[name]);
  for (const [name, template] of Object.entries(probe.headers ?? {})) read(template, config.headers?.[name]);
  read(probe.url, config.url);
  Object.assign(found, argumentValues(server, option, inputs, config.args ?? [], bundle));
  return found;
}
