/**
 * Anthropic `input_schema`: JSON Schema draft 2020-12 with an object root and no root union.
 * The normaliser already guarantees the root (see `processJsonSchema`) and the draft (numeric
 * exclusive bounds, `required` as a list), so the schema is written as it is.
 */
import { toJsonSchema } from './jsonSchema';
import { isRecord, type ObjectNode } from './types';

export interface AnthropicInputSchema {
  type: 'object';
  properties: Record<string, unknown>;
  required: string[];
  [keyword: string]: unknown;
}

export function compileAnthropicSchema(root: ObjectNode): AnthropicInputSchema {
  const { properties, ...rest } = toJsonSchema(root);
  return { ...rest, type: 'object', properties: isRecord(properties) ? properties : {}, required: root.required };
}
