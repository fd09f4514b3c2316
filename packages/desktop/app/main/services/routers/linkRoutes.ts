/**
 * Install links, the activation review and export, merged into AppRouter's one handler table.
 * A link comes from any web page, so what it may set is decided here, not by the link: only the
 * fields the review shows (plus the env and header values it names) reach the record, and the
 * record is added inactive, untrusted and user-scoped.
 */
import type { McpActionResult, McpServerInput, McpServerRecord, McpServerUpdateInput } from '../../../shared/contracts/mcp-types';
import { AppError, toErrorShape } from '../../../shared/errors';
import type { McpService } from '../capabilities/tools/mcp-users/McpService';
import { activationNeedsReview, activationReview, needsActivationReview, riskyNames, UNDER_REVIEW } from '../capabilities/tools/mcp-users/common/activationReview';
import { workingDirectoryOf } from '../capabilities/tools/mcp-users/pool/createTransport';
import { parseInstallLink } from '../capabilities/tools/mcp-users/common/deepLink';
import { exportServersJson } from '../capabilities/tools/mcp-users/common/exportConfig';
import { maskServerRecord } from '../capabilities/tools/mcp-users/common/redaction';
import type { RouteHandlers } from './AppRouter';

type LinkRoute = 'mcp.install_link' | 'mcp.activation_review' | 'mcp.activate' | 'mcp.export';

/** The linked entry rebuilt from the shown fields only; everything else is ours to set. */
function linkedInput({ name, type, config }: McpServerInput): McpServerInput {
  const { command, args, env, url, headers } = config;
  return {
    name,
    type,
    config: {
      ...(command !== undefined ? { command } : {}),
      ...(args ? { args } : {}),
      ...(env ? { env } : {}),
      ...(url !== undefined ? { url } : {}),
      ...(headers ? { headers } : {}),
    },
    ...UNDER_REVIEW,
  };
}

/**
 * An update may not turn on, trust or relabel a linked server nobody has reviewed: that is what
 * mcp.activate with a review token is for. Trust is refused too because records an older build
 * activated carry it as their review mark (needsActivationReview), so trusting would skip the review.
 */
export function refuseUnreviewedActivation(current: McpServerRecord, updates: McpServerUpdateInput['updates']): void {
  if (!needsActivationReview(current)) return;
  const relabels = updates.installSource !== undefined && updates.installSource !== 'protocol';
  if (updates.isActive === true || updates.isTrusted === true || relabels) throw activationNeedsReview(current);
}

/** The review of the record as it is now, with the folder its program would start in here. */
const reviewOf = (server: McpServerRecord) => activationReview(server, workingDirectoryOf(server));

const throwNotFound = (id: string): never => {
  throw new AppError('NOT_FOUND', `No MCP server with id ${id}`, { id });
};

export interface LinkRouteOptions {
  /** Told the ids a link added, so a window can offer their review. */
  onLinkInstalled: (ids: string[]) => void;
}

export function createLinkRouteHandlers(mcpService: McpService, { onLinkInstalled }: LinkRouteOptions): Pick<RouteHandlers, LinkRoute> {
  return {
    'mcp.install_link': async ({ url }) => {
      const link = parseInstallLink(url);
      if (!link.ok) {
        throw new AppError('VALIDATION_FAILED', `Not an install link: ${link.message}`, {
          route: 'mcp.install_link',
          reason: link.reason,
          issues: [{ path: 'url', message: link.message }],
        });
      }
      const ids: string[] = [];
      const results: NonNullable<McpActionResult['results']> = [];
      for (const entry of link.entries) {
        if (!entry.ok) {
          results.push({ name: entry.name, success: false, message: entry.message });
          continue;
        }
        try {
          const { server } = await mcpService.add(linkedInput(entry.input));
          if (server) ids.push(server.id);
          results.push({ name: entry.name, success: true, ...(server ? { id: server.id } : {}) });
        } catch (err) {
          results.push({ name: entry.name, success: false, message: toErrorShape(err).message });
        }
      }
      if (ids.length) onLinkInstalled(ids);
      return { success: ids.length === results.length, message: `Added ${ids.length} of ${results.length} servers, inactive until reviewed`, results };
    },
    'mcp.activation_review': async ({ id }) => reviewOf(await mcpService.get(id)),
    'mcp.activate': async ({ id, reviewToken, riskAcknowledged }) => {
      const server = await mcpService.get(id);
      const unreviewed = needsActivationReview(server);
      if (unreviewed && !reviewToken) throw activationNeedsReview(server);
      // Checked again on the record the write replaces, under the lock: activation is all (active,
      // the review recorded) or nothing, even if another process changed the record after the read
      // above. A stale review is reported before its risk: the person has not seen what is there now.
      const stillAsReviewed = (current: McpServerRecord) => {
        const review = unreviewed ? reviewOf(current) : undefined;
        const matches = needsActivationReview(current) === unreviewed && (!review || reviewToken === review.reviewToken);
        if (!matches) throw new AppError('ACTIVATION_REVIEW_STALE', `"${current.name}" changed after its activation review`, { id, name: current.name });
        if (review?.risky && riskAcknowledged !== true) {
          const names = riskyNames(review).join(', ');
          throw new AppError('ACTIVATION_RISK_NOT_ACKNOWLEDGED', `"${current.name}" sets variables that change which code runs (${names}); confirm that risk to activate it`, {
            id,
            name: current.name,
            names,
          });
        }
      };
      stillAsReviewed(server);
      // Reviewed, not trusted: the person allowed it to run, and its tools still ask until they trust it.
      const result = await mcpService.update({ id, updates: { isActive: true, ...(unreviewed ? { reviewedAt: Date.now() } : {}) } }, { precondition: stillAsReviewed });
      return result.server ? { ...result, server: maskServerRecord(result.server) } : result;
    },
    'mcp.export': async ({ includeSecrets, ids, dialect }) => {
      const all = await mcpService.list();
      const servers = ids ? ids.map((id) => all.find((s) => s.id === id) ?? throwNotFound(id)) : all;
      return { json: exportServersJson(servers, { includeSecrets, dialect }) };
    },
  };
}
