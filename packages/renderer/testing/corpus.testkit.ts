/** The shared corpus (220 real tools from 21 servers) for the playground's tests. */
// The corpus lives beside the provider converters it was collected for; only tests read it.
// eslint-disable-next-line no-restricted-imports
import corpusJson from '@services/capabilities/tools/mcp-users/__fixtures__/mcp-tool-schemas.json';

export interface CorpusEntry {
  server: string;
  name: string;
  inputSchema: Record<string, unknown>;
}

export const corpus = corpusJson as CorpusEntry[];
