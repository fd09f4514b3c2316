import { LimitFactsSchema, type LimitFacts } from '@shared/limits';
import type { TFunction } from 'i18next';

/** The limit facts a host issue carries (shared/limits.ts), if it carries valid ones. */
export function limitOfIssue(issue: unknown): LimitFacts | undefined {
  const parsed = LimitFactsSchema.safeParse(typeof issue === 'object' && issue !== null ? (issue as { limit?: unknown }).limit : undefined);
  return parsed.success ? parsed.data : undefined;
}

/** "at most 200 characters (this has 5,242,880)" in the person's language, numbers grouped as their locale groups them. */
export const limitText = (t: TFunction<'errors'>, limit: LimitFacts): string => t(`limit.${limit.unit}`, { max: limit.max, got: limit.got });
