import type { LimitFacts } from '@shared/limits';
import type { TFunction } from 'i18next';

/** "at most 200 characters (this has 5,242,880)" in the person's language, numbers grouped as their locale groups them. */
export const limitText = (t: TFunction<'errors'>, limit: LimitFacts): string => t(`limit.${limit.unit}`, { max: limit.max, got: limit.got });
