/**
 * mcp.bulk: the list's "selected servers" actions, each server through the same handler its own
 * route uses (so an unreviewed linked server is refused on enable exactly as by mcp.update), and
 * each answered on its own: a failure is that server's outcome, never the whole request's.
 */
import type { McpBulkAction, McpBulkInput, McpBulkOutcome, McpBulkResult } from '../../../shared/contracts/mcp-bulk';
import type { McpActionResult, McpTestResult } from '../../../shared/contracts/mcp-types';
import { toErrorShape } from '../../../shared/errors';

export interface BulkSteps {
  update(id: string, isActive: boolean): Promise<McpActionResult>;
  remove(id: string): Promise<McpActionResult>;
  restore(id: string): Promise<McpActionResult>;
  test(id: string): Promise<McpTestResult>;
}

async function outcomeOf(action: McpBulkAction, id: string, steps: BulkSteps): Promise<McpBulkOutcome> {
  try {
    if (action === 'test') {
      const test = await steps.test(id);
      return { id, ok: test.success, test };
    }
    if (action === 'enable' || action === 'disable') await steps.update(id, action === 'enable');
    else await steps[action](id);
    return { id, ok: true };
  } catch (err) {
    return { id, ok: false, error: toErrorShape(err) };
  }
}

/**
 * Tests run side by side (the pool caps how many connect at once); the writes one after another,
 * in the order given, as the person would have made them.
 */
export async function runBulk({ action, ids }: McpBulkInput, steps: BulkSteps): Promise<McpBulkResult> {
  if (action === 'test') return { results: await Promise.all(ids.map((id) => outcomeOf(action, id, steps))) };
  const results: McpBulkOutcome[] = [];
  for (const id of ids) results.push(await outcomeOf(action, id, steps));
  return { results };
}
