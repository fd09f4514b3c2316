/**
 * Tool calls as tasks (MCP 2025-11-25, SEP-1686) through the pool, as the playground, chat and
 * `elftia-mcp call` make them: server-everything's `simulate-research-query` (taskSupport
 * "required", with input_required) and its client-side elicitation and sampling tasks, and the fixture's task
 * tools (FIXTURE_TASKS) for what the reference server cannot show: a cancel and a deadline that
 * reach the server as tasks/cancel, a failed task, and `optional`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERYTHING_BIN, FIXTURE_SERVERS, startHttpFixture } from '@fixtures/servers/paths';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { AppError } from '@shared/errors';
import { codeOf, makeService, stdioInput, textOf, waitNoStrayChildren, type Harness } from '@desktop-testing/McpService.testkit';

let h: Harness;
let everything: McpServerRecord;
let fixture: McpServerRecord;

beforeAll(async () => {
  // A model is configured, so a server's sampling request reaches the person's review (the test answers it).
  h = makeService({ connectOnAdd: false, sampling: { completer: { complete: () => Promise.reject(new Error('the test answers itself')) }, isConfigured: () => true } });
  everything = (await h.service.add({ name: 'everything', type: 'stdio', config: { command: process.execPath, args: [EVERYTHING_BIN, 'stdio'] } })).server!;
  fixture = (await h.service.add(stdioInput('tasks', FIXTURE_SERVERS.stdio, { FIXTURE_TASKS: '1' }))).server!;
});

afterAll(async () => {
  await h.dispose();
  expect(await waitNoStrayChildren()).toEqual([]);
});

const progressOf = (callId: string) => h.events.flatMap((e) => (e.name === 'mcp.tool_progress' && e.payload.callId === callId ? [e.payload] : []));
const cancelsSeen = () => h.service.serverLog(fixture.id).filter((l) => /^task cancelled /.test(l.line)).length;

/** The question a server asks now (each test answers its own, so at most one waits). */
async function nextQuestion() {
  await expect.poll(() => h.mcp.elicitation.list().length, { timeout: 15_000 }).toBe(1);
  return h.mcp.elicitation.list()[0]!;
}

describe('tools that run as tasks', () => {
  it("lists the reference server's research tool as task-required and calls it as a task: statuses as progress, the question answered, the report fetched", async () => {
    const tools = await h.service.listServerTools(everything.id);
    expect(tools.find((t) => t.name === 'simulate-research-query')?.taskSupport).toBe('required');
    // Plain tools stay plain: `forbidden` is not carried.
    expect(tools.find((t) => t.name === 'echo')?.taskSupport).toBeUndefined();

    const call = h.service.callTool(everything.id, 'simulate-research-query', { topic: 'python', ambiguous: true }, 'research');
    const question = await nextQuestion();
    expect(question).toMatchObject({ toolCallId: 'research', toolName: 'simulate-research-query', message: expect.stringContaining('python') });
    h.mcp.elicitation.respond({ requestId: question.requestId, action: 'accept', content: { interpretation: 'snake' } });
    const result = await call;

    expect(result.isError).toBe(false);
    expect(textOf(result.content)).toContain('# Research Report: python (snake)');
    const progress = progressOf('research');
    // Each status once (polls that saw no change report nothing), numbered so that progress only grows.
    expect(progress[0]).toMatchObject({ progress: 1, taskStatus: 'working', message: 'Gathering sources...' });
    expect(progress.map((p) => p.progress)).toEqual(progress.map((_, i) => i + 1));
    expect(new Set(progress.map((p) => `${p.taskStatus} ${p.message}`)).size).toBe(progress.length);
    const asking = progress.findIndex((p) => p.taskStatus === 'input_required');
    expect(progress[asking]?.message).toContain('Requesting clarification');
    // Statuses after the answer are still reported.
    expect(progress.slice(asking + 1)).toEqual(expect.arrayContaining([expect.objectContaining({ taskStatus: 'working' })]));
  });

  it("runs the reference server's elicitation as a client-side task when it asks for one", async () => {
    const call = h.service.callTool(everything.id, 'trigger-elicitation-request-async', {}, 'async-ask');
    const question = await nextQuestion();
    expect(question).toMatchObject({ toolCallId: 'async-ask', message: expect.stringContaining('async task demo') });
    h.mcp.elicitation.respond({ requestId: question.requestId, action: 'accept', content: { name: 'Ada', favoriteColor: 'Green' } });
    const text = textOf((await call).content);
    expect(text).toContain('[COMPLETED] User provided the requested information!');
    expect(text).toContain('- Name: Ada');
  });

  it("runs the reference server's sampling request as a client-side task when it asks for one: reviewed, answered, fetched by the server", async () => {
    const call = h.service.callTool(everything.id, 'trigger-sampling-request-async', { prompt: 'a haiku', maxTokens: 20 }, 'async-sample');
    await expect.poll(() => h.mcp.sampling.list().length, { timeout: 15_000 }).toBe(1);
    const request = h.mcp.sampling.list()[0]!;
    expect(request).toMatchObject({ serverId: everything.id, messages: [{ role: 'user', text: expect.stringContaining('a haiku') }], maxTokens: 20, systemPrompt: 'You are a helpful test server.' });
    h.mcp.sampling.respond({ requestId: request.requestId, decision: 'send', text: 'Quiet pond, a frog', model: 'person-model' });
    const text = textOf((await call).content);
    // The server got a task back (not the answer itself), polled it to completed and fetched the answer with tasks/result.
    expect(text).toMatch(/^\[COMPLETED\] Async sampling completed!/);
    expect(text).toMatch(/Task created: \S+/);
    expect(text).toMatch(/Poll \d+: completed/);
    const result = JSON.parse(text.slice(text.indexOf('**Result:**') + '**Result:**'.length)) as Record<string, unknown>;
    expect(result).toMatchObject({ role: 'assistant', content: { type: 'text', text: 'Quiet pond, a frog' }, model: 'person-model' });
  });

  it('with no listing cached (a one-shot CLI call), a quick call goes out plain, and the refusal of a task-required tool makes it a task', async () => {
    const result = await h.service.callTool(fixture.id, 'task_sleep', { ms: 10, steps: 1 }, 'unlisted');
    expect(textOf(result.content)).toBe('slept 1 × 10 ms');
    expect(progressOf('unlisted')[0]).toMatchObject({ taskStatus: 'working' });
    // Any other refusal stays the call's own error.
    expect(await codeOf(h.service.callTool(fixture.id, 'no_such_tool', {}))).toBe('MCP_PROTOCOL_ERROR');
  });

  it('cancels a running task on the server (tasks/cancel) and ends the call MCP_CANCELLED', async () => {
    const before = cancelsSeen();
    const call = h.service.callTool(fixture.id, 'task_sleep', { ms: 10_000 }, 'to-cancel');
    await expect.poll(() => progressOf('to-cancel').find((p) => p.message), { timeout: 10_000 }).toMatchObject({ taskStatus: 'working', message: 'step 1 of 3' });
    expect(h.service.cancelCall('to-cancel')).toBe(true);
    expect(await codeOf(call)).toBe('MCP_CANCELLED');
    await expect.poll(cancelsSeen, { timeout: 5_000 }).toBe(before + 1);
  });

  it("ends a task at the call's deadline with MCP_TIMEOUT naming its limit, and cancels it on the server", async () => {
    const before = cancelsSeen();
    const err = await h.service.callTool(fixture.id, 'task_sleep', { ms: 10_000 }, 'too-slow', { timeoutMs: 400 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('MCP_TIMEOUT');
    expect((err as AppError).data).toMatchObject({ method: 'tools/call', toolName: 'task_sleep', timeoutMs: 400 });
    await expect.poll(cancelsSeen, { timeout: 5_000 }).toBe(before + 1);
  });

  it("gives a failed task's result as the server stored it (its tasks/result), not a bare failure", async () => {
    // pollInterval 0 asks for a busy loop; the floor (100 ms) keeps the task's few polls apart.
    const failed = await h.service.callTool(fixture.id, 'task_sleep', { ms: 300, steps: 1, fail: true, pollInterval: 0 });
    expect(failed.isError).toBe(true);
    expect(textOf(failed.content)).toBe('the task failed on purpose');
  });

  it('runs an `optional` tool as a task only when the call may run long (a time limit above the setting)', async () => {
    expect(textOf((await h.service.callTool(fixture.id, 'task_optional', {})).content)).toBe('ran plain');
    expect(textOf((await h.service.callTool(fixture.id, 'task_optional', {}, undefined, { timeoutMs: 600_000 })).content)).toBe('ran as a task');
  });
});

describe('shutdown', () => {
  it('tells the server to cancel a running task, and waits for that, before the connection closes (Streamable HTTP)', async () => {
    // Over HTTP the tasks/cancel is a request of its own that closing the transport would abort.
    const logDir = mkdtempSync(path.join(tmpdir(), 'elftia-task-log-'));
    const taskLog = path.join(logDir, 'tasks.log');
    const remote = await startHttpFixture('http', { FIXTURE_TASKS: '1', FIXTURE_TASK_LOG: taskLog });
    const own = makeService({ connectOnAdd: false });
    try {
      const server = (await own.service.add({ name: 'tasks-http', type: 'http', isActive: false, config: { url: remote.url.href } })).server!;
      const call = own.service.callTool(server.id, 'task_sleep', { ms: 10_000 }, 'at-shutdown');
      const outcome = codeOf(call);
      await expect.poll(() => own.events.some((e) => e.name === 'mcp.tool_progress'), { timeout: 10_000 }).toBe(true);
      await own.mcp.mcpService.dispose();
      expect(await outcome).toBe('MCP_CANCELLED');
      expect(readFileSync(taskLog, 'utf8')).toMatch(/^task cancelled \w+\n$/);
    } finally {
      await own.dispose();
      await remote.stop();
      rmSync(logDir, { recursive: true, force: true });
    }
  });
});
