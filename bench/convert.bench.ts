/**
 * Conversion cost per provider: 1,000 and 10,000 tools (the shared corpus cycled, names made
 * unique), best of a few runs. Conversion should scale linearly (10k/1k ≈ 10) and stay well under
 * a millisecond per tool. Run: npx tsx bench/convert.bench.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { MCPTool } from '../packages/desktop/app/shared/contracts/mcp-types';
import {
  convertMcpToolsToAnthropic,
  convertMcpToolsToGemini,
  convertMcpToolsToVertex,
  convertMcpToolsToOpenAI,
  convertMcpToolsToOpenAIResponses,
} from '../packages/desktop/app/main/services/capabilities/tools/mcp-users/common/toolConversion';
import { assignToolIds } from '../packages/desktop/app/main/services/capabilities/tools/mcp-users/common/toolIds';

interface CorpusEntry {
  server: string;
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

const RUNS = 5;
const SIZES = [1_000, 10_000] as const;

const CORPUS = path.join(import.meta.dirname, '../packages/desktop/app/main/services/capabilities/tools/mcp-users/__fixtures__/mcp-tool-schemas.json');
const corpus: CorpusEntry[] = JSON.parse(readFileSync(CORPUS, 'utf8'));

function toolSet(size: number): MCPTool[] {
  const raw = Array.from({ length: size }, (_, index): MCPTool => {
    const entry = corpus[index % corpus.length]!;
    return {
      id: '',
      name: `${entry.name}_${index}`,
      description: entry.description ?? '',
      inputSchema: entry.inputSchema,
      serverId: entry.server,
      serverName: entry.server,
    };
  });
  return assignToolIds(raw).tools;
}

const providers: ReadonlyArray<readonly [string, (tools: MCPTool[]) => unknown]> = [
  ['openai (strict)', (tools) => convertMcpToolsToOpenAI(tools, { strict: true })],
  ['openai (non-strict)', (tools) => convertMcpToolsToOpenAI(tools, { strict: false })],
  ['openai-responses', (tools) => convertMcpToolsToOpenAIResponses(tools)],
  ['anthropic', (tools) => convertMcpToolsToAnthropic(tools)],
  ['google (gemini)', (tools) => convertMcpToolsToGemini(tools)],
  ['vertex', (tools) => convertMcpToolsToVertex(tools)],
];

function bestOf(run: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

const sets = new Map(SIZES.map((size) => [size, toolSet(size)]));
const small = sets.get(1_000)!;
const large = sets.get(10_000)!;
for (const [, convert] of providers) convert(small); // warm-up: JIT, module init

const rows = providers.map(([name, convert]) => {
  const ms1k = bestOf(() => convert(small));
  const ms10k = bestOf(() => convert(large));
  return { provider: name, 'ms 1k': ms1k.toFixed(1), 'ms 10k': ms10k.toFixed(1), 'ratio 10k/1k': (ms10k / ms1k).toFixed(2), 'µs/tool': ((ms10k * 1000) / 10_000).toFixed(1) };
});

const idMs = bestOf(() => assignToolIds(large));
console.log(`Converting ${corpus.length} corpus schemas cycled to 1k / 10k unique tools, best of ${RUNS} runs`);
console.table(rows);
console.log(`assignToolIds for 10k tools: ${idMs.toFixed(1)} ms (${((idMs * 1000) / 10_000).toFixed(1)} µs/tool)`);
