/**
 * What a tool is, as far as a person's approval goes: its name, title, description, input schema
 * and annotations. "Allow for this chat" is remembered for one fingerprint of these, so a server
 * that re-declares the tool (tools/list_changed: "now it deletes") has the allowance revoked, and
 * `toolChange` says what changed for the question asked next. Pure, so the CLI and the window
 * could compute the same.
 */
import type { ToolChange, ToolChangeField } from '@shared/contracts/chat';
import type { McpToolAnnotations } from '@shared/contracts/mcp-types';
import { canonicalJson } from '@shared/text/canonicalJson';
import { sha256Hex } from './sha256';

/** A tool as the SDK parses it: zod gives an absent optional key as `undefined`. */
export interface ToolDefinition {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  inputSchema?: Record<string, unknown> | undefined;
  annotations?: McpToolAnnotations | undefined;
}

/** The compared fields in the order a change lists them (the name is what identifies the tool, so never "changes"). */
const FIELDS: readonly ToolChangeField[] = ['title', 'description', 'inputSchema', 'annotations'];

/** A hex SHA-256 over the definition's canonical JSON: the same definition in any key order gives the same value. */
export function toolFingerprint(tool: ToolDefinition): string {
  return sha256Hex(canonicalJson([tool.name, tool.title, tool.description, tool.inputSchema, tool.annotations]));
}

/** What changed between the definition the person allowed and the one the server declares now; undefined when nothing did. */
export function toolChange(previous: ToolDefinition, current: ToolDefinition): ToolChange | undefined {
  const fields = FIELDS.filter((field) => canonicalJson(previous[field]) !== canonicalJson(current[field]));
  if (fields.length === 0) return undefined;
  // What the dialog can show side by side; a schema change is named, and the schema is in the tool's detail.
  const shown = ({ title, description, annotations }: ToolDefinition) => ({
    ...(title !== undefined && { title }),
    ...(description !== undefined && { description }),
    ...(annotations !== undefined && { annotations }),
  });
  return { fields, previous: shown(previous), current: shown(current) };
}
