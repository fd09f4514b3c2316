/**
 * The sentences that explain a failed connect: the error code's translation, and the hint the
 * host classified (mcp-users/common/connectFailure.ts) translated with the error's facts.
 */
import type { AppErrorShape } from '@shared/errors';
import type { TFunction } from 'i18next';
import { isConnectHint, isConnectStage, type ConnectHint, type ConnectStage } from '@mcp-common/connectFailure';
import { translateError } from '@renderer/components/translateError';
import { serverFailureData } from '@shared/errorData';

export interface FailureText {
  /** The code's sentence ("Could not connect to the MCP server."). */
  summary: string;
  /** What the facts say (“HTTP 404 — is the endpoint /mcp?”), when the host knew more than the code. */
  hint: string | undefined;
  hintCode: ConnectHint | undefined;
  stage: ConnectStage | undefined;
}

const scalars = (data: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries(data ?? {}).filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))) as Record<
    string,
    string | number | boolean
  >;

export function failureText(failure: AppErrorShape, t: TFunction<['settings/tools', 'common']>, tErrors: TFunction<'errors'>): FailureText {
  const facts = serverFailureData(failure);
  const hintCode = isConnectHint(facts?.hint) ? facts.hint : undefined;
  const stage = isConnectStage(facts?.stage) ? facts.stage : undefined;
  // exitCode is null when a signal ended the process; the killed hint names the signal instead.
  const hint = hintCode ? t(`errorHelp.hint.${hintCode}`, scalars(failure.data)) : undefined;
  return { summary: translateError(tErrors, failure), hint, hintCode, stage };
}
