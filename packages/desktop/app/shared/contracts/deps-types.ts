/**
 * The dependency doctor's contract: whether a command a server needs is installed, and how to
 * install it. The same install action rides on DEPS_MISSING, so the UI and the CLI offer it
 * where a server failed to start.
 */
import { z } from 'zod';

/**
 * A command as a server's config names it: a bare name (`npx`) or a path. No control characters
 * and no leading dash, so it can never be read as an option or split into lines.
 */
export const DependencyCommandSchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^(?![-\s])[^\p{Cc}]+(?<!\s)$/u, 'A command is a name or a path: no control characters, no leading dash or surrounding spaces');

export const DependencyCommandInputSchema = z.object({ command: DependencyCommandSchema }).strict();

/** A program and its arguments, always as an array: nothing is ever parsed by a shell from input. */
export const InstallerRunSchema = z.object({ file: z.string(), args: z.array(z.string()) });
export type InstallerRun = z.infer<typeof InstallerRunSchema>;

/** How a command gets installed on this platform; `url` is where a person can do it by hand. */
export const DependencyInstallActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('package-manager'), manager: z.string(), run: InstallerRunSchema, url: z.string() }),
  z.object({ kind: z.literal('script'), run: InstallerRunSchema, url: z.string() }),
  z.object({ kind: z.literal('download-page'), url: z.string() }),
]);
export type DependencyInstallAction = z.infer<typeof DependencyInstallActionSchema>;

/**
 * Which PATH a command was looked up in: the login shell's (what a terminal sees), this process's
 * (when started from a shell, or when the login shell did not answer), or none (the command is a path).
 */
export const DependencySourceSchema = z.enum(['login-shell', 'process', 'explicit-path']);

export const DependencyCheckResultSchema = z.object({
  command: z.string(),
  found: z.boolean(),
  /** The absolute path that would be started. */
  path: z.string().optional(),
  /** Only for commands whose installer knows how to ask for it. */
  version: z.string().optional(),
  source: DependencySourceSchema,
  /** When missing: how to install it here, if an installer is known. */
  install: DependencyInstallActionSchema.optional(),
});
export type DependencyCheckResult = z.infer<typeof DependencyCheckResultSchema>;

/**
 * What a person does after an install: `ready` (found now: start or reconnect the server),
 * `restart` (it ran, but the command is not on PATH yet: open a new terminal or restart the app),
 * `finish-download` (a download page was offered: install from there, then check again).
 */
export const DependencyNextStepSchema = z.enum(['ready', 'restart', 'finish-download']);

export const DependencyInstallResultSchema = z.object({
  command: z.string(),
  /** Already installed: nothing ran. */
  alreadyInstalled: z.boolean(),
  action: DependencyInstallActionSchema,
  /** What ran and how it ended; absent when nothing ran. */
  ran: InstallerRunSchema.extend({ exitCode: z.number().int() }).optional(),
  /** Download pages: whether it was opened for the person (false: show them `action.url`). */
  opened: z.boolean().optional(),
  /** The check after the install, on a freshly asked PATH. */
  check: DependencyCheckResultSchema,
  next: DependencyNextStepSchema,
});
export type DependencyInstallResult = z.infer<typeof DependencyInstallResultSchema>;

export const DependencyPathSchema = z.object({ source: DependencySourceSchema.exclude(['explicit-path']), directories: z.array(z.string()) });

/** `started`, `output` (one line of the installer's output), `opened` (a download page), `checking`, `done`; the UI words them. */
export const DependencyInstallPhaseSchema = z.enum(['started', 'output', 'opened', 'checking', 'done']);
export type DependencyInstallPhase = z.infer<typeof DependencyInstallPhaseSchema>;

export const DependencyInstallProgressSchema = z.object({
  command: z.string(),
  phase: DependencyInstallPhaseSchema,
  percent: z.number().optional(),
  line: z.string().optional(),
});

/**
 * One folder of npx's package cache (`<npm cache>/_npx/<16 hex>`), which a broken download leaves
 * without its package.json: removing it makes npx download the package again. Only a path of that
 * shape is accepted (see mcp-users/deps/npxCache.ts), so the route can remove nothing else.
 */
export const NpxCacheFolderInputSchema = z.object({ path: z.string().min(1).max(4096) }).strict();
export const NpxCacheFolderRemovedSchema = z.object({ path: z.string(), removed: z.boolean() });
