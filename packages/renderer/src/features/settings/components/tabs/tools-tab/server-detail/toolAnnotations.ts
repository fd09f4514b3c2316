/**
 * The MCP tool annotations as tags. Only hints the server declared become tags (an absent hint
 * is "unknown", not its spec default). A declared destructiveHint is always shown, even on a tool
 * that also says read-only: the approval policy counts such a contradiction as destructive, and
 * the person should see why the tool asks. Otherwise the hints the spec says mean nothing for a
 * read-only tool (non-destructive, not idempotent) are left out for one.
 */
import type { McpToolAnnotations } from '@shared/contracts/mcp-types';

export type AnnotationTagKey =
  | 'readOnly'
  | 'writes'
  | 'destructive'
  | 'nonDestructive'
  | 'idempotent'
  | 'notIdempotent'
  | 'openWorld'
  | 'closedWorld';

/** antd preset colours; the dark algorithm gives each a legible dark variant. */
export type AnnotationTagColor = 'green' | 'gold' | 'red' | 'cyan' | 'blue' | 'purple' | 'default';

export interface AnnotationTag {
  key: AnnotationTagKey;
  color: AnnotationTagColor;
}

export function annotationTags(annotations: McpToolAnnotations | undefined): AnnotationTag[] {
  if (!annotations) return [];
  const tags: AnnotationTag[] = [];
  const { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = annotations;
  if (readOnlyHint === true) tags.push({ key: 'readOnly', color: 'green' });
  if (readOnlyHint === false) tags.push({ key: 'writes', color: 'gold' });
  if (destructiveHint === true) tags.push({ key: 'destructive', color: 'red' });
  if (readOnlyHint !== true) {
    if (destructiveHint === false) tags.push({ key: 'nonDestructive', color: 'cyan' });
    if (idempotentHint === true) tags.push({ key: 'idempotent', color: 'blue' });
    if (idempotentHint === false) tags.push({ key: 'notIdempotent', color: 'default' });
  } else if (idempotentHint === true) {
    tags.push({ key: 'idempotent', color: 'blue' });
  }
  if (openWorldHint === true) tags.push({ key: 'openWorld', color: 'purple' });
  if (openWorldHint === false) tags.push({ key: 'closedWorld', color: 'default' });
  return tags;
}
