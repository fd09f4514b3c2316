/**
 * What the normaliser and the provider compilers changed about a tool's schema, for the person
 * who wants to know why a model sees something other than what the server declared (the provider
 * preview). Reporting is opt-in: a compiler given no `ReportRepair` does no extra work, so the
 * chat path pays nothing for it.
 *
 * Codes are stable: the UI turns each into a sentence (`preview.repairs.<CODE>`) filled from
 * `path` and `detail`, so a message never needs to be parsed.
 */

export const SCHEMA_REPAIR_CODES = [
  // The normaliser (every provider).
  'ROOT_NOT_OBJECT',
  'ROOT_UNION_MERGED',
  'REF_INLINED',
  'REF_UNRESOLVED',
  'REF_CYCLE_CUT',
  'DEPTH_CUT',
  'ALL_OF_MERGED',
  'ONE_OF_TO_ANY_OF',
  'TYPE_LIST_SPLIT',
  'CONST_TO_ENUM',
  'TUPLE_LOOSENED',
  'PATTERN_PROPERTIES_OPENED',
  'KEYWORD_DROPPED',
  // OpenAI strict mode.
  'STRICT_OPTIONAL_NULLABLE',
  'STRICT_DEFAULT_TO_DESCRIPTION',
  'STRICT_FORMAT_DROPPED',
  'STRICT_PATTERN_DROPPED',
  // Gemini.
  'ADDITIONAL_PROPERTIES_DROPPED',
  'FORMAT_TO_DESCRIPTION',
  'ENUM_TO_DESCRIPTION',
  'PROPERTY_RENAMED',
  'EXCLUSIVE_BOUND_INCLUSIVE',
  // Gemini's OpenAPI subset (the `vertex` format).
  'ANY_TO_STRING',
  'EMPTY_ENUM_VALUE_DROPPED',
] as const;

export type SchemaRepairCode = (typeof SCHEMA_REPAIR_CODES)[number];

/**
 * Repairs after which the model can no longer send some arguments the server accepts (an open
 * map closed, any value narrowed to a string, an enum value removed): not a looser schema the
 * server still checks, but a narrower one. Converters warn about these even when repairs are not
 * asked for (`LOSSY_SCHEMA`), naming the tool and the property.
 */
export const SCHEMA_LOSSES = ['ADDITIONAL_PROPERTIES_DROPPED', 'ANY_TO_STRING', 'EMPTY_ENUM_VALUE_DROPPED'] as const satisfies readonly SchemaRepairCode[];

export type SchemaLoss = (typeof SCHEMA_LOSSES)[number];

export const isSchemaLoss = (code: SchemaRepairCode): code is SchemaLoss => (SCHEMA_LOSSES as readonly SchemaRepairCode[]).includes(code);

export interface SchemaRepair {
  code: SchemaRepairCode;
  /**
   * Where, as the person reads an argument: property names joined by `.`, `[]` for an array's
   * items, `''` for the root. Union branches share their value's path.
   */
  path: string;
  /** The facts the sentence names (`{ keyword: 'not' }`, `{ ref: '#/$defs/A' }`), all strings. */
  detail?: Record<string, string>;
}

export type ReportRepair = (repair: SchemaRepair) => void;

/** Where a compiler is in the schema (`SchemaRepair.path`), and who hears its repairs. */
export interface RepairSite {
  at: string;
  report: ReportRepair | undefined;
}

export function propertyPath(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

export function itemsPath(path: string): string {
  return `${path}[]`;
}

/** Where a property of `site` is. Without a listener it is `site` itself: the chat path builds no paths. */
export function propertySite(site: RepairSite, key: string): RepairSite {
  return site.report ? { at: propertyPath(site.at, key), report: site.report } : site;
}

export function itemsSite(site: RepairSite): RepairSite {
  return site.report ? { at: itemsPath(site.at), report: site.report } : site;
}

/** One record per code, path and detail: union branches and re-normalised merges repeat them. */
export function repairCollector(): { report: ReportRepair; repairs: SchemaRepair[] } {
  const seen = new Set<string>();
  const repairs: SchemaRepair[] = [];
  const report: ReportRepair = (repair) => {
    const key = JSON.stringify([repair.code, repair.path, repair.detail ?? null]);
    if (seen.has(key)) return;
    seen.add(key);
    repairs.push(repair);
  };
  return { report, repairs };
}
