/**
 * The activation review: what a person confirms before a server that arrived by install link
 * first runs. It shows everything that decides what runs and how (command, each argument, the
 * folder it starts in, URL, every env variable and header with its value), and its token is a hash
 * of the whole canonical record, real values included: a record changed after the review (by
 * another window, process or a hand edit), even in a value the review showed only as "set", no
 * longer matches it.
 */
import type { McpActivationReview, McpReviewEntry } from '@shared/contracts/mcp-links';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { AppError } from '@shared/errors';
import { canonicalJson } from '@shared/text/canonicalJson';
import { codeRiskOf } from './codeRiskEnv';
import { isCredentialHeader, looksSecret, redactArgs, redactUrl } from './redaction';
import { sha256Hex } from './sha256';

/**
 * How a server from outside (an install link, a registry entry) is added: inactive, untrusted,
 * user-scoped and under review, so nothing of it runs before mcp.activate with the review's token.
 */
export const UNDER_REVIEW = {
  scope: 'user',
  isActive: false,
  isTrusted: false,
  installSource: 'protocol',
  disabledTools: [],
  disabledAutoApproveTools: [],
} as const satisfies Partial<McpServerRecord>;

/**
 * A linked server nobody has confirmed yet: it may not become active without a review. A record
 * an older build activated carries `isTrusted` instead of `reviewedAt`, and counts as reviewed.
 */
export const needsActivationReview = (server: Pick<McpServerRecord, 'installSource' | 'isTrusted' | 'reviewedAt'>): boolean =>
  server.installSource === 'protocol' && server.reviewedAt === undefined && !server.isTrusted;

/** What refuses to activate or connect a server that still needs its review (mcp.activate, ConnectionPool.acquire). */
export const activationNeedsReview = (server: Pick<McpServerRecord, 'id' | 'name'>): AppError =>
  new AppError('ACTIVATION_NEEDS_REVIEW', `"${server.name}" was added from a link; confirm its activation review first`, { id: server.id, name: server.name });

/** An env variable: a value that changes which code runs is always shown; one that looks like a credential only as set. */
function envEntry([name, value]: [string, string]): McpReviewEntry {
  const risk = codeRiskOf(name);
  if (risk) return { name, value, risk };
  return looksSecret(name, value) ? { name, secret: true } : { name, value };
}

function headerEntry([name, value]: [string, string]): McpReviewEntry {
  return isCredentialHeader(name) || looksSecret(name, value) ? { name, secret: true } : { name, value };
}

const byName = (a: [string, string], b: [string, string]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * Every field of the record that decides what runs, where, or how it is reached, in a canonical
 * form (keys sorted, absent fields left out). Whatever the config gains later is in here by
 * default, since the whole config is.
 */
const reviewedFields = (server: McpServerRecord, cwd: string | undefined) =>
  canonicalJson({ id: server.id, name: server.name, type: server.type, scope: server.scope, projectPath: server.projectPath, cwd, config: server.config });

/**
 * `cwd`: the folder a process transport would start in, which only the host knows (a project's
 * folder, else the host's own working directory).
 */
export function activationReview(server: McpServerRecord, cwd: string | undefined): McpActivationReview {
  const { command, args = [], env = {}, headers = {}, url, wsProtocol, timeoutMs, oauth } = server.config;
  const envEntries = Object.entries(env).sort(byName).map(envEntry);
  return {
    id: server.id,
    name: server.name,
    type: server.type,
    ...(command !== undefined ? { command } : {}),
    args: redactArgs(args),
    ...(cwd !== undefined ? { cwd } : {}),
    ...(url !== undefined ? { url: redactUrl(url) } : {}),
    env: envEntries,
    headers: Object.entries(headers).sort(byName).map(headerEntry),
    ...(wsProtocol !== undefined ? { wsProtocol } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(oauth ? { oauth: { ...(oauth.clientId !== undefined ? { clientId: oauth.clientId } : {}), clientSecret: Boolean(oauth.clientSecret || oauth.privateKey) } } : {}),
    risky: envEntries.some((entry) => entry.risk !== undefined),
    reviewToken: sha256Hex(reviewedFields(server, cwd)),
  };
}

/** The variables of a review that change which code runs, for messages. */
export const riskyNames = (review: Pick<McpActivationReview, 'env'>): string[] => review.env.filter((entry) => entry.risk).map((entry) => entry.name);
