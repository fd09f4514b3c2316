/** The limits for what servers send (shared/limits.ts), against the 220 real tools of 21 servers in the shared corpus. */
import { expect, it } from 'vitest';
import { LIMITS } from '@shared/limits';
import corpusJson from '../__fixtures__/mcp-tool-schemas.json';

const corpus: { name: string; description?: string; inputSchema: unknown }[] = corpusJson;
const longest = (values: number[]) => Math.max(...values);

it('leaves real servers far inside: many times the longest of the 220 real tools', () => {
  expect(corpus).toHaveLength(220);
  expect(LIMITS.toolDescription.max).toBeGreaterThanOrEqual(8 * longest(corpus.map((t) => t.description?.length ?? 0)));
  expect(LIMITS.toolSchema.max).toBeGreaterThanOrEqual(8 * longest(corpus.map((t) => JSON.stringify(t.inputSchema).length)));
  // Names: 7 times the longest, and twice what the MCP specification advises (1 to 128 characters).
  expect(LIMITS.toolName.max).toBeGreaterThanOrEqual(7 * longest(corpus.map((t) => t.name.length)));
  expect(LIMITS.toolName.max).toBeGreaterThanOrEqual(2 * 128);
});

