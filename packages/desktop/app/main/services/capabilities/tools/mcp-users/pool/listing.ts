/**
 * Paginated, lenient listing. The SDK's `listTools()` validates the whole page with one schema,
 * so a single tool with a broken inputSchema costs the server every tool; here the page is read
 * loosely and each item is validated on its own, so the bad one is reported and the rest kept.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { PromptSchema, ResourceSchema, ToolSchema, type Prompt, type Resource, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { McpToolIssue } from '../../../../../../shared/contracts/mcp-types';
import { describeIssues } from '../../../../../../shared/errors';

type ListMethod = 'tools/list' | 'prompts/list' | 'resources/list';
const ITEM_KEY = { 'tools/list': 'tools', 'prompts/list': 'prompts', 'resources/list': 'resources' } as const;

/** Stops a server whose cursors never end (or cycle) from keeping us listing forever. */
const MAX_PAGES = 1_000;

const LenientPageSchema = z.looseObject({ nextCursor: z.string().optional() });
const ItemsSchema = z.array(z.unknown());

export interface Listed<T> {
  items: T[];
  issues: McpToolIssue[];
}

async function listAll<T>(
  client: Client,
  method: ListMethod,
  itemSchema: z.ZodType<T>,
  options: RequestOptions,
): Promise<Listed<T>> {
  const key = ITEM_KEY[method];
  const items: T[] = [];
  const issues: McpToolIssue[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  let position = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const page = await client.request({ method, params: cursor === undefined ? {} : { cursor } }, LenientPageSchema, options);
    // A page without its array is a broken server, not a broken item: let the ZodError surface.
    for (const raw of ItemsSchema.parse(page[key])) {
      position += 1;
      const parsed = itemSchema.safeParse(raw);
      if (parsed.success) items.push(parsed.data);
      else issues.push({ name: nameOf(raw, `#${position}`), message: describeIssues(parsed.error.issues) });
    }
    cursor = page.nextCursor;
    if (cursor === undefined || seen.has(cursor)) break;
    seen.add(cursor);
  }
  return { items, issues };
}

function nameOf(raw: unknown, fallback: string): string {
  const name = typeof raw === 'object' && raw !== null ? (raw as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name ? name : fallback;
}

export const listAllTools = (client: Client, options: RequestOptions): Promise<Listed<Tool>> =>
  listAll(client, 'tools/list', ToolSchema as z.ZodType<Tool>, options);
export const listAllPrompts = (client: Client, options: RequestOptions): Promise<Listed<Prompt>> =>
  listAll(client, 'prompts/list', PromptSchema as z.ZodType<Prompt>, options);
export const listAllResources = (client: Client, options: RequestOptions): Promise<Listed<Resource>> =>
  listAll(client, 'resources/list', ResourceSchema as z.ZodType<Resource>, options);
