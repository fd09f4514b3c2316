/**
 * A registry answer as the app lists it: the entry's summary (description cut, status read from
 * the official metadata) and what its review must say about the entry itself (deprecated,
 * deleted, not the latest, text with controls in it). Pure.
 */
import {
  OFFICIAL_META_KEY,
  REGISTRY_DESCRIPTION_MAX,
  REGISTRY_STATUSES,
  type RegistryEntry,
  type RegistryReviewFlag,
  type RegistryServerResponse,
  type RegistryStatus,
} from '@shared/contracts/registry';
import { cutText } from '@shared/limits';
import { hasControls } from '@shared/text/visibleControls';
import { needsKey } from './serverCommand';

const officialOf = (response: RegistryServerResponse) => response._meta?.[OFFICIAL_META_KEY];

export function statusOf(response: RegistryServerResponse): RegistryStatus {
  const status = officialOf(response)?.status;
  return status === undefined ? 'unknown' : (REGISTRY_STATUSES as readonly string[]).includes(status) ? (status as RegistryStatus) : 'unknown';
}

export function entryOf(response: RegistryServerResponse): RegistryEntry {
  const { server } = response;
  const official = officialOf(response);
  const description = server.description ?? '';
  const repositoryUrl = server.repository?.url;
  return {
    name: server.name,
    ...(server.title !== undefined ? { title: cutText(server.title, 200) } : {}),
    description: cutText(description, REGISTRY_DESCRIPTION_MAX),
    ...(description.length > REGISTRY_DESCRIPTION_MAX ? { descriptionCut: true as const } : {}),
    version: server.version,
    status: statusOf(response),
    ...(official?.isLatest !== undefined ? { isLatest: official.isLatest } : {}),
    ...(official?.publishedAt !== undefined ? { publishedAt: official.publishedAt } : {}),
    ...(server.websiteUrl !== undefined ? { websiteUrl: server.websiteUrl } : {}),
    ...(repositoryUrl !== undefined ? { repositoryUrl } : {}),
    packageTypes: (server.packages ?? []).map((pkg) => pkg.registryType),
    remoteTypes: (server.remotes ?? []).map((remote) => remote.type),
    needsKey: needsKey(server),
  };
}

/** What the review says about the entry as a whole. */
export function entryFlags(response: RegistryServerResponse): RegistryReviewFlag[] {
  const status = statusOf(response);
  const { server } = response;
  const flags: RegistryReviewFlag[] = [];
  if (status === 'deprecated' || status === 'deleted') flags.push({ flag: status });
  if (officialOf(response)?.isLatest === false) flags.push({ flag: 'not_latest', subject: server.version });
  if ((server.description?.length ?? 0) > REGISTRY_DESCRIPTION_MAX) flags.push({ flag: 'description_cut' });
  for (const [what, text] of [['name', server.name], ['title', server.title], ['description', server.description]] as const) {
    if (text !== undefined && hasControls(what === 'description' ? text.replace(/\n/g, '') : text)) flags.push({ flag: 'controls_in_text', subject: what });
  }
  return flags;
}
