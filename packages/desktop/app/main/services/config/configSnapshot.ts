/**
 * What the text of `mcp-config.json` holds, judged record by record: one record this build
 * cannot read (an unknown `type`, a hand edit, a newer build) must not cost the others.
 */
import { z } from 'zod';
import { McpServerRecordSchema, type McpServerRecord } from '../../../shared/contracts/mcp-types';
import { describeIssues } from '../../../shared/errors';

/** The file's frame. Records are checked one at a time; other top-level keys are kept as they are. */
const ConfigFrameSchema = z.looseObject({ mcpServers: z.array(z.unknown()) });

export interface RejectedRecord {
  /** Position in the file's `mcpServers` array. */
  index: number;
  /** The record's `name`, when it has a readable one. */
  name?: string;
  reason: string;
  record: unknown;
}

export type ConfigSnapshot =
  | { kind: 'missing' }
  /** Not JSON, or not `{ mcpServers: [...] }`: nothing in it can be used record by record. */
  | { kind: 'unreadable'; reason: string }
  | {
      kind: 'read';
      /** The file's top level as read, for writing back everything but `mcpServers` unchanged. */
      frame: Record<string, unknown>;
      servers: McpServerRecord[];
      /** The good records as they are in the file, in the same order as `servers`. */
      goodRaw: unknown[];
      rejected: RejectedRecord[];
    };

/** `text` undefined means the file does not exist. */
export function inspectConfigText(text: string | undefined): ConfigSnapshot {
  if (text === undefined) return { kind: 'missing' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { kind: 'unreadable', reason: (err as Error).message };
  }
  const frame = ConfigFrameSchema.safeParse(json);
  if (!frame.success) return { kind: 'unreadable', reason: describeIssues(frame.error.issues) };

  const servers: McpServerRecord[] = [];
  const goodRaw: unknown[] = [];
  const rejected: RejectedRecord[] = [];
  frame.data.mcpServers.forEach((record, index) => {
    const parsed = McpServerRecordSchema.safeParse(record);
    if (parsed.success) {
      servers.push(parsed.data);
      goodRaw.push(record);
      return;
    }
    const name = (record as { name?: unknown } | null)?.name;
    rejected.push({ index, ...(typeof name === 'string' ? { name } : {}), reason: describeIssues(parsed.error.issues), record });
  });
  return { kind: 'read', frame: frame.data, servers, goodRaw, rejected };
}
