/**
 * What a converter changed about the arguments' shape, so that what the model sends can be put
 * back into the shape the MCP server declared before the call. Plans mirror the arguments: one
 * level per object, keyed by the names the model sends.
 */
import { isRecord } from './types';

export interface ArgumentPlan {
  /** Properties whose `null` means "not given": strict mode made them required and nullable. */
  nullMeansAbsent?: string[];
  /** Properties sent under a provider-safe name: sent name → the server's name. */
  renamed?: Record<string, string>;
  /** Plans for nested objects, by the name the model sends. */
  properties?: Record<string, ArgumentPlan>;
  items?: ArgumentPlan;
}

/**
 * The arguments in the server's shape: nulls that mean "not given" removed, renamed properties
 * given their names back. Returns a new value; what the plan does not mention passes unchanged.
 */
export function restoreArguments<T>(args: T, plan: ArgumentPlan | undefined): T {
  return restoreValue(args, plan) as T;
}

function restoreValue(value: unknown, plan: ArgumentPlan | undefined): unknown {
  if (!plan) return value;
  if (Array.isArray(value)) return plan.items ? value.map((item) => restoreValue(item, plan.items)) : value;
  if (!isRecord(value)) return value;
  const entries = Object.entries(value)
    .filter(([key, entry]) => !(entry === null && plan.nullMeansAbsent?.includes(key)))
    .map(([key, entry]) => [ownEntry(plan.renamed, key) ?? key, restoreValue(entry, ownEntry(plan.properties, key))] as const);
  return Object.fromEntries(entries);
}

/** A plan for one object level, or `undefined` when nothing changed there. */
export function objectPlan(
  nullMeansAbsent: string[],
  renamed: ReadonlyArray<readonly [string, string]>,
  children: ReadonlyArray<readonly [string, ArgumentPlan | undefined]>,
): ArgumentPlan | undefined {
  const plan: ArgumentPlan = {};
  if (nullMeansAbsent.length > 0) plan.nullMeansAbsent = nullMeansAbsent;
  if (renamed.length > 0) plan.renamed = Object.fromEntries(renamed);
  const nested = children.filter((entry): entry is readonly [string, ArgumentPlan] => entry[1] !== undefined);
  if (nested.length > 0) plan.properties = Object.fromEntries(nested);
  return Object.keys(plan).length > 0 ? plan : undefined;
}

/**
 * One plan for a union: the model's value matches some branch and we cannot tell which, so
 * every branch's changes apply.
 */
export function mergePlans(plans: ReadonlyArray<ArgumentPlan | undefined>): ArgumentPlan | undefined {
  const present = plans.filter((plan): plan is ArgumentPlan => plan !== undefined);
  if (present.length <= 1) return present[0];
  const keys = [...new Set(present.flatMap((plan) => Object.keys(plan.properties ?? {})))];
  const merged = objectPlan(
    [...new Set(present.flatMap((plan) => plan.nullMeansAbsent ?? []))],
    present.flatMap((plan) => Object.entries(plan.renamed ?? {})),
    keys.map((key) => [key, mergePlans(present.map((plan) => ownEntry(plan.properties, key)))] as const),
  );
  const items = mergePlans(present.map((plan) => plan.items));
  return items ? { ...merged, items } : merged;
}

function ownEntry<T>(map: Record<string, T> | undefined, key: string): T | undefined {
  return map && Object.hasOwn(map, key) ? map[key] : undefined;
}
