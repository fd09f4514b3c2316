/**
 * A tool's input schema as the rows a person reads: each top-level parameter with its type,
 * whether it is required, and its description. The raw JSON is shown beside it for anything
 * this summary leaves out (nesting, formats, constraints).
 */
import { typeLabel } from '@mcp-common/schema/typeLabel';

export interface SchemaParameter {
  name: string;
  type: string;
  required: boolean;
  description?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function schemaParameters(inputSchema: Record<string, unknown>): SchemaParameter[] {
  const properties = isRecord(inputSchema.properties) ? inputSchema.properties : {};
  const required = new Set(Array.isArray(inputSchema.required) ? inputSchema.required.filter((r): r is string => typeof r === 'string') : []);
  return Object.entries(properties).map(([name, schema]) => {
    const description = isRecord(schema) && typeof schema.description === 'string' && schema.description.trim() ? schema.description : undefined;
    return { name, type: typeLabel(schema), required: required.has(name), ...(description ? { description } : {}) };
  });
}
