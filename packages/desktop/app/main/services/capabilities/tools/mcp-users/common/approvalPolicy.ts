/**
 * Whether a tool call the model makes runs at once or waits for the person (issue 15), decided
 * from what is known before the call. Pure, so the chat loop, the CLI and the window (a tool
 * row's hint) agree on the same answer.
 *
 * In order, the first rule that applies decides:
 * 1. The tool is listed in the server's `disabledAutoApproveTools` ("always ask before running"):
 *    ask, always. It is the person's own standing instruction, so neither trust nor an earlier
 *    "allow for this chat" overrides it (the dialog offers no "allow for this chat" then).
 * 2. The tool says it is destructive (`destructiveHint: true` and not read-only; the spec makes
 *    destructiveHint meaningless on a read-only tool): ask, even on a trusted server, unless the
 *    person allowed this tool for this chat. That choice was made in the dialog with the
 *    "destructive" tag in view, which is what "always ask" protects.
 * 3. The person allowed this tool for this chat: run.
 * 4. The server is trusted: run. Trust covers every tool not marked destructive, the unannotated
 *    ones included; otherwise trusting a server that sends no annotations (most do not) would
 *    change nothing.
 * 5. Read-only and not open-world (`openWorldHint: false`): run. The spec's default for
 *    openWorldHint is true, so a read-only tool that does not say it stays closed asks.
 * 6. Otherwise ask, saying why: open_world (read-only, reaches outside), not_read_only (says it
 *    writes), unknown (says nothing about reading or writing).
 */
import type { McpToolAnnotations } from '../../../../../../shared/contracts/mcp-types';
import type { ApprovalReason } from '../../../../../../shared/contracts/chat';

export interface ApprovalFacts {
  annotations?: McpToolAnnotations;
  /** The tool's name is in the server's `disabledAutoApproveTools`. */
  listed: boolean;
  /** The server's `isTrusted`. */
  trusted: boolean;
  /** The person chose "allow for this chat" for this tool of this server in this chat. */
  remembered: boolean;
}

export type ApprovalVerdict = { auto: true } | { auto: false; reason: ApprovalReason };

const ask = (reason: ApprovalReason): ApprovalVerdict => ({ auto: false, reason });
const AUTO: ApprovalVerdict = { auto: true };

/** The spec's reading: destructiveHint only means something on a tool that is not read-only. */
export function isDestructive(annotations: McpToolAnnotations | undefined): boolean {
  return annotations?.readOnlyHint !== true && annotations?.destructiveHint === true;
}

export function approvalVerdict({ annotations, listed, trusted, remembered }: ApprovalFacts): ApprovalVerdict {
  if (listed) return ask('listed');
  if (isDestructive(annotations)) return remembered ? AUTO : ask('destructive');
  if (remembered || trusted) return AUTO;
  if (annotations?.readOnlyHint === true) return annotations.openWorldHint === false ? AUTO : ask('open_world');
  if (annotations?.readOnlyHint === false) return ask('not_read_only');
  return ask('unknown');
}

/** Whether "allow for this chat" means anything for a call asked for this reason (a listed tool always asks). */
export const canRememberApproval = (reason: ApprovalReason): boolean => reason !== 'listed';
