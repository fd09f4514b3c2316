/**
 * flattenContent: MCP content blocks → one string for the model.
 *
 * The base table — text as is, `[Image: mime]`, `[Audio: mime]`, joined by `\n` — extended to
 * the two resource blocks of the current MCP spec: a `resource_link` becomes
 * `[Resource: name <uri>]`, an embedded text `resource` its text, an embedded blob
 * `[Resource: uri (mime)]`. A block this table does not know (a newer spec, a sloppy server)
 * becomes `[<type> content]`: never a throw, never silently nothing.
 */
import { isRecord } from '@mcp-common/schema/types';
import type { McpContentBlock } from './ITool';

export function flattenContent(content: readonly McpContentBlock[]): string {
  return content.map(flattenBlock).join('\n');
}

export function flattenBlock(block: McpContentBlock): string {
  switch (block.type) {
    case 'text':
      return stringField(block, 'text') ?? '';
    case 'image':
      return `[Image: ${stringField(block, 'mimeType') ?? 'unknown'}]`;
    case 'audio':
      return `[Audio: ${stringField(block, 'mimeType') ?? 'unknown'}]`;
    case 'resource_link': {
      const uri = stringField(block, 'uri') ?? '';
      const name = stringField(block, 'title') ?? stringField(block, 'name');
      return name ? `[Resource: ${name} <${uri}>]` : `[Resource: <${uri}>]`;
    }
    case 'resource': {
      const resource = isRecord(block.resource) ? block.resource : {};
      const text = stringField(resource, 'text');
      if (text !== undefined) return text;
      return `[Resource: ${stringField(resource, 'uri') ?? 'unknown'} (${stringField(resource, 'mimeType') ?? 'unknown type'})]`;
    }
    default:
      return `[${block.type} content]`;
  }
}

function stringField(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' ? value : undefined;
}
