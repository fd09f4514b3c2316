/**
 * What a server says it is (initialize's serverInfo) as one label, `name version`. Servers send
 * empty or blank parts (an empty version is common), so only the parts that say something are
 * joined: a label never has a stray space or empty brackets, and a server that named nothing has none.
 */
import type { McpTestResult } from '../contracts/mcp-types';

export function serverInfoLabel(info: McpTestResult['serverInfo']): string | undefined {
  const label = [info?.name, info?.version].map((part) => part?.trim()).filter(Boolean).join(' ');
  return label || undefined;
}
