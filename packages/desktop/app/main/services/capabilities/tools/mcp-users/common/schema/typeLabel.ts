/**
 * A JSON Schema as a short type label, for people: the parameter rows of the server detail and
 * the argument summary of `elftia-mcp tools` read the same label from here. A union (`anyOf`,
 * `oneOf`, a list of types) names its members; only a schema that says nothing is `any`.
 */
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `string`, `number | null`, `string[]`, `(string | number)[]`, `"a" | "b"`, `object`; `separator` joins a union's members. */
export function typeLabel(schema: unknown, separator = ' | '): string {
  if (!isRecord(schema)) return 'any';
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(separator);
  if ('const' in schema) return JSON.stringify(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants)) return [...new Set(variants.map((v) => typeLabel(v, separator)))].join(separator);
  const type = schema.type;
  if (Array.isArray(type)) return type.map(String).join(separator);
  if (type === 'array') {
    const items = typeLabel(schema.items, separator);
    return items.includes(separator) ? `(${items})[]` : `${items}[]`;
  }
  if (typeof type === 'string') return type;
  if (isRecord(schema.properties)) return 'object';
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop() ?? 'any';
  return 'any';
}
