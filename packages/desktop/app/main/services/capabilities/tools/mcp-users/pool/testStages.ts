/**
 * The stages of a test (connect, initialize, list tools), timed as a connect reports them (it is
 * the connect's probe), and where the test stopped when it failed.
 */
import { performance } from 'node:perf_hooks';
import { MCP_TEST_STAGES, type McpTestStage, type McpTestStageResult } from '@shared/contracts/mcp-types';
import type { ConnectProbe } from './connectProbe';

export class TestStages implements ConnectProbe {
  private readonly passed: McpTestStageResult[] = [];
  private last = performance.now();

  readonly reached = (): void => this.pass('connect');

  readonly initialized = (): void => {
    // A response can be handled before the send that carried its request reports back.
    this.pass('connect');
    this.pass('initialize');
  };

  listed(): void {
    this.initialized();
    this.pass('list_tools');
  }

  /**
   * The client came from a live connection, so connect and initialize did not run now; they are
   * passed without a duration. Answers whether that was so.
   */
  reused(): boolean {
    const missing = (['connect', 'initialize'] as const).filter((stage) => !this.has(stage));
    for (const stage of missing) this.passed.push({ stage, state: 'passed' });
    return missing.length > 0;
  }

  /** Every stage in order: those passed, and after a failure the one that failed and the skipped rest. */
  report(failed: boolean): { stages: McpTestStageResult[]; failedStage?: McpTestStage } {
    const failedStage = failed ? MCP_TEST_STAGES[this.passed.length] : undefined;
    if (failedStage === undefined) return { stages: [...this.passed] };
    const skipped = MCP_TEST_STAGES.slice(this.passed.length + 1).map((stage) => ({ stage, state: 'skipped' as const }));
    return {
      stages: [...this.passed, { stage: failedStage, state: 'failed', durationMs: performance.now() - this.last }, ...skipped],
      failedStage,
    };
  }

  private has(stage: McpTestStage): boolean {
    return this.passed.some((done) => done.stage === stage);
  }

  private pass(stage: McpTestStage): void {
    if (this.has(stage)) return;
    const now = performance.now();
    this.passed.push({ stage, state: 'passed', durationMs: now - this.last });
    this.last = now;
  }
}
