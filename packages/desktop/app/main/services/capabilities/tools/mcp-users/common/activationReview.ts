/**
 * The activation review: what a person confirms before a server that arrived by install link
 * first runs. The token is a hash over exactly the fields shown, so a record changed after the
 * review (by another window, process or a hand edit) no longer matches it.
 */
import type { McpActivationReview } from '../../../../../../shared/contracts/mcp-links';
import type { McpServerRecord } from '../../../../../../shared/contracts/mcp-types';
import { sha256Hex } from './sha256';

/** A linked server nobody has confirmed yet: it may not become active without a review. */
export const needsActivationReview = (server: Pick<McpServerRecord, 'installSource' | 'isTrusted'>): boolean =>
  server.installSource === 'protocol' && !server.isTrusted;

export function activationReview(server: McpServerRecord): McpActivationReview {
  const { command, args = [], env = {}, headers = {}, url } = server.config;
  const shown = {
    id: server.id,
    name: server.name,
    type: server.type,
    ...(command !== undefined ? { command } : {}),
    args,
    envKeys: Object.keys(env).sort(),
    headerNames: Object.keys(headers).sort(),
    ...(url !== undefined ? { url } : {}),
  };
  // Fixed key order and explicit nulls: the same shown fields always hash the same.
  const canonical = JSON.stringify([shown.id, shown.name, shown.type, command ?? null, args, shown.envKeys, shown.headerNames, url ?? null]);
  return { ...shown, reviewToken: sha256Hex(canonical) };
}
