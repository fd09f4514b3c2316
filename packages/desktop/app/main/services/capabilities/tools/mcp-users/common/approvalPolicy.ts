/**
 * Whether a tool call the model makes runs at once or waits for the person (issue 15), decided
 * from what is known before the call. Pure, so the chat loop, the CLI and the window (a tool
 * row's hint) agree on the same answer.
 *
 * Annotations are hints a server writes about its own tools, not permissions (the MCP spec:
 * clients must not base decisions on annotations from untrusted servers). So they can only ever
 * let a call run on a server the person marked trusted, and a contradiction counts against the
 * tool. In order, the first rule that applies decides:
 * 1. The tool is listed in the server's `disabledAutoApproveTools` ("always ask before running"):
 *    ask, always. It is the person's own standing instruction, so neither trust nor an earlier
 *    "allow for this chat" overrides it (the dialog offers no "allow for this chat" then).
 * 2. The person allowed this tool for this chat: run. The broker remembers that allowance for the
 *    tool's definition as it was shown (toolFingerprint.ts); a server that re-declares the tool
 *    afterwards has the allowance revoked, and the call asks again.
 * 3. The tool says it is destructive (`destructiveHint: true`, even alongside `readOnlyHint: true`:
 *    contradictory hints count as the worse one): ask, trusted or not.
 * 4. The server is not trusted: ask. Whatever its tools claim, a server nobody vouched for runs
 *    nothing by itself.
 * 5. The tool says it only reads (`readOnlyHint: true`): run. Trust is what makes this claim
 *    count: the person vouched for the server's word about its own tools (open-world ones too).
 * 6. Otherwise ask, saying why: not_read_only (says it writes), unknown (says nothing about
 *    reading or writing; a trusted server's unannotated tools ask too).
 */
import type { McpToolAnnotations } from '@shared/contracts/mcp-types';
import type { ApprovalReason } from '@shared/contracts/chat';

export interface ApprovalFacts {
  annotations?: McpToolAnnotations | undefined;
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

/**
 * `destructiveHint: true` is believed wherever it appears. The spec calls it meaningless on a
 * read-only tool, but a tool that says both is either wrong or lying, and only one of the two
 * readings is safe.
 */
export function isDestructive(annotations: McpToolAnnotations | undefined): boolean {
  return annotations?.destructiveHint === true;
}

export function approvalVerdict({ annotations, listed, trusted, remembered }: ApprovalFacts): ApprovalVerdict {
  if (listed) return ask('listed');
  if (remembered) return AUTO;
  if (isDestructive(annotations)) return ask('destructive');
  if (!trusted) return ask('untrusted');
  if (annotations?.readOnlyHint === true) return AUTO;
  if (annotations?.readOnlyHint === false) return ask('not_read_only');
  return ask('unknown');
}

/**
 * Whether an MCP App's call of its own server's tool (issue 32) runs at once or asks. The app is
 * the server's own view, and the person is using it: an app-visible tool runs without a dialog
 * per call, trusted server or not, which is what makes an app usable. Two rules of the model's
 * policy still hold, because they do not depend on believing the server: the person's "always ask"
 * (rule 1), and a tool that says it is destructive asks (rule 3: a destructive claim is believed
 * wherever it appears, even beside `readOnlyHint`; a claim can only ever add a question). Nothing
 * is remembered: each destructive call asks.
 */
export function appCallVerdict({ annotations, listed }: Pick<ApprovalFacts, 'annotations' | 'listed'>): ApprovalVerdict {
  if (listed) return ask('listed');
  if (isDestructive(annotations)) return ask('destructive');
  return AUTO;
}

/** Whether "allow for this chat" means anything for a call asked for this reason (a listed tool always asks). */
export const canRememberApproval = (reason: ApprovalReason): boolean => reason !== 'listed';
