/**
 * A tool's input schema as the rows a person reads: each top-level parameter with its type,
 * whether it is required, and its description. The raw JSON is shown beside it for anything
 * this summary leaves out (nesting, formats, constraints).
 */
export interface SchemaParameter {
  name: string;
  type: string;
  required: boolean;
  description?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A short type label: `string`, `number | null`, `string[]`, `"a" | "b"`, `object`. */
export function typeLabel(schema: unknown): string {
  if (!isRecord(schema)) return 'any';
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants)) return [...new Set(variants.map(typeLabel))].join(' | ');
  const type = schema.type;
  if (Array.isArray(type)) return type.map(String).join(' | ');
  if (type === 'array') return `${typeLabel(schema.items)}[]`;
  if (typeof type === 'string') return type;
  if (isRecord(schema.properties)) return 'object';
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop() ?? 'any';
  return 'any';
}

export function schemaParameters(inputSchema: Record<string, unknown>): SchemaParameter[] {
  const properties = isRecord(inputSchema.properties) ? inputSchema.properties : {};
  const required = new Set(Array.isArray(inputSchema.required) ? inputSchema.required.filter((r): r is string => typeof r === 'string') : []);
  return Object.entries(properties).map(([name, schema]) => {
    const description = isRecord(schema) && typeof schema.description === 'string' && schema.description.trim() ? schema.description : undefined;
    return { name, type: typeLabel(schema), required: required.has(name), ...(description ? { description } : {}) };
  });
}
