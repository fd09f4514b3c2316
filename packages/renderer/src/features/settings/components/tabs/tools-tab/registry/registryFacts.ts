/**
 * What the registry gallery reads from an entry beyond what the host sends: the filters (package
 * type, where it runs, whether it needs a key), applied to the pages already loaded because the
 * registry's API filters only by text, and the program an installable package runs with, which the
 * dependency doctor checks before anything is installed.
 */
import type { RegistryEntry, RegistryOption } from '@shared/contracts/registry';

/** The package types the registry defines (server.json 2025-12-11); another one shows as "other". */
export const PACKAGE_TYPES = ['npm', 'pypi', 'oci', 'nuget', 'mcpb'] as const;
export type PackageFilter = (typeof PACKAGE_TYPES)[number] | 'any';
export type WhereFilter = 'any' | 'local' | 'remote';
export type KeyFilter = 'any' | 'needs' | 'none';

export interface RegistryFilters {
  packageType: PackageFilter;
  where: WhereFilter;
  key: KeyFilter;
}

export const NO_FILTERS: RegistryFilters = { packageType: 'any', where: 'any', key: 'any' };

export const filtersActive = (filters: RegistryFilters): boolean => filters.packageType !== 'any' || filters.where !== 'any' || filters.key !== 'any';

export function matchesFilters(entry: RegistryEntry, { packageType, where, key }: RegistryFilters): boolean {
  if (packageType !== 'any' && !entry.packageTypes.includes(packageType)) return false;
  if (where === 'local' && entry.packageTypes.length === 0) return false;
  if (where === 'remote' && entry.remoteTypes.length === 0) return false;
  if (key === 'needs' && !entry.needsKey) return false;
  if (key === 'none' && entry.needsKey) return false;
  return true;
}

/**
 * The program a package runs with (registry/common/serverCommand.ts builds its command line from
 * the same package types); a remote runs nothing here.
 */
const RUNTIMES: Readonly<Record<string, string>> = { npm: 'npx', pypi: 'uvx', oci: 'docker', nuget: 'dnx' };

export const runtimeOf = (option: Pick<RegistryOption, 'kind' | 'type'>): string | undefined => (option.kind === 'package' ? RUNTIMES[option.type] : undefined);

/** `package:0`, `remote:1`: an option's value in a choice. */
export const optionKey = (option: Pick<RegistryOption, 'kind' | 'index'>): string => `${option.kind}:${option.index}`;

/** The name the list and the dialogs show: the entry's title, else its registry name. */
export const entryLabel = (entry: Pick<RegistryEntry, 'name' | 'title'>): string => entry.title?.trim() || entry.name;
