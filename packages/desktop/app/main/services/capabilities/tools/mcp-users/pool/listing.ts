/**
 * Paginated, lenient listing. The SDK's `listTools()` validates the whole page with one schema,
 * so a single tool with a broken inputSchema costs the server every tool; here the page is read
 * loosely and each item is validated on its own, so the bad one is reported and the rest kept.
 * An item is also held to the limits table (shared/limits.ts): a 3.9 MB tool name is a broken
 * tool like any other, reported by a short name, and nothing of it is kept.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { PromptSchema, ResourceSchema, ToolSchema, type Prompt, type Resource, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { McpToolIssue } from '@shared/contracts/mcp-types';
import { describeIssues } from '@shared/errors';
import { checkLimit, cutText, LIMITS, maxLength, type LimitName } from '@shared/limits';

type ListMethod = 'tools/list' | 'prompts/list' | 'resources/list';
const ITEM_KEY = { 'tools/list': 'tools', 'prompts/list': 'prompts', 'resources/list': 'resources' } as const;

/** Stops a server whose cursors never end (or cycle) from keeping us listing forever. */
const MAX_PAGES = 1_000;

const LenientPageSchema = z.looseObject({ nextCursor: z.string().optional() });
const ItemsSchema = z.array(z.unknown());

const text = (limit: LimitName) => z.string().superRefine(maxLength(limit)).optional();
const jsonOf = (limit: LimitName) =>
  z
    .unknown()
    .superRefine((value, ctx) => void checkLimit(ctx, limit, JSON.stringify(value)?.length ?? 0))
    .optional();

/** What each kind of item may be at most; run on an item the SDK's schema has accepted. */
const WithinLimits = {
  'tools/list': z.looseObject({
    name: text('toolName'),
    title: text('toolTitle'),
    description: text('toolDescription'),
    annotations: z.looseObject({ title: text('toolTitle') }).optional(),
    inputSchema: jsonOf('toolSchema'),
    outputSchema: jsonOf('toolSchema'),
  }),
  'prompts/list': z.looseObject({ name: text('toolName'), title: text('toolTitle'), description: text('toolDescription') }),
  'resources/list': z.looseObject({ name: text('toolName'), title: text('toolTitle'), description: text('toolDescription'), uri: text('url') }),
} satisfies Record<ListMethod, z.ZodType>;

/** How many characters of an overlong name an issue shows: enough to recognise it, never the whole. */
const SHOWN_NAME_CHARS = 64;

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
  for (let pagesRead = 0; pagesRead < MAX_PAGES; pagesRead++) {
    const page = await client.request({ method, params: cursor === undefined ? {} : { cursor } }, LenientPageSchema, options);
    // A page without its array is a broken server, not a broken item: let the ZodError surface.
    for (const raw of ItemsSchema.parse(page[key])) {
      position += 1;
      const parsed = itemSchema.safeParse(raw);
      const checked = parsed.success ? WithinLimits[method].safeParse(parsed.data) : parsed;
      if (parsed.success && checked.success) items.push(parsed.data);
      else if (checked.error) issues.push({ name: nameOf(raw, `#${position}`), message: describeIssues(checked.error.issues) });
    }
    cursor = page.nextCursor;
    if (cursor === undefined || seen.has(cursor)) break;
    seen.add(cursor);
  }
  return { items, issues };
}

/** The item's name for an issue, cut short when over the limit. */
function nameOf(raw: unknown, fallback: string): string {
  const name = typeof raw === 'object' && raw !== null ? (raw as { name?: unknown }).name : undefined;
  if (typeof name !== 'string' || !name) return fallback;
  return name.length > LIMITS.toolName.max ? cutText(name, SHOWN_NAME_CHARS) : name;
}

export const listAllTools = (client: Client, options: RequestOptions): Promise<Listed<Tool>> =>
  listAll(client, 'tools/list', ToolSchema as z.ZodType<Tool>, options);
export const listAllPrompts = (client: Client, options: RequestOptions): Promise<Listed<Prompt>> =>
  listAll(client, 'prompts/list', PromptSchema as z.ZodType<Prompt>, options);
export const listAllResources = (client: Client, options: RequestOptions): Promise<Listed<Resource>> =>
  listAll(client, 'resources/list', ResourceSchema as z.ZodType<Resource>, options);
