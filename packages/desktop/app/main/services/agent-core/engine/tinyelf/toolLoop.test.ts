/** The loop's own rules, with plain in-process tools (the MCP path is toolLoop.integration.process.test.ts). */
import { describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import { TOOL_FORMAT_IDS, TOOL_FORMATS } from '@shared/toolFormats';
import { extractToolCalls, runToolCalls } from './toolLoop';
import type { ITool, McpContentBlock, ToolExecuteOptions } from './tools/ITool';
import { ToolRegistry } from './tools/ToolRegistry';
import { resultFromContent } from './tools/toolResult';

const PNG = { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' };
const SVG = { type: 'image', data: 'PHN2Zy8+', mimeType: 'image/svg+xml' };

function registryWith(content: Record<string, McpContentBlock[]>, extra: ITool[] = []): { registry: ToolRegistry; seen: unknown[] } {
  const seen: unknown[] = [];
  const registry = new ToolRegistry();
  for (const [name, blocks] of Object.entries(content)) {
    registry.register({
      name,
      description: name,
      parameters: { type: 'object' },
      execute: async (params, options?: ToolExecuteOptions) => {
        seen.push({ name, params, aborted: options?.signal?.aborted });
        return resultFromContent(blocks, false);
      },
    });
  }
  registry.registerAll(extra);
  return { registry, seen };
}

const chat = (calls: Array<[string, string, string]>) => ({
  choices: [{ message: { role: 'assistant', content: null, tool_calls: calls.map(([id, name, args]) => ({ id, type: 'function', function: { name, arguments: args } })) } }],
});

describe('extractToolCalls', () => {
  it('parses OpenAI argument strings: empty means none, non-objects and bad JSON are failures', () => {
    const calls = extractToolCalls('openai', chat([['a', 't', ''], ['b', 't', '[1,2]'], ['c', 't', '{"x":'], ['d', 't', '{"x":1}']]));
    expect(calls.map((c) => c.args)).toEqual([
      { ok: true, value: {} },
      { ok: false, error: expect.stringContaining('must be a JSON object') },
      { ok: false, error: expect.stringContaining('not valid JSON') },
      { ok: true, value: { x: 1 } },
    ]);
  });

  it('rejects a response of the wrong shape with VALIDATION_FAILED naming the format', () => {
    for (const format of TOOL_FORMAT_IDS) {
      let error: unknown;
      try {
        extractToolCalls(format, { nothing: true });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('VALIDATION_FAILED');
      expect((error as AppError).message).toContain(`Not a ${TOOL_FORMATS[format].label} response`);
      expect((error as AppError).data).toEqual({ format });
    }
  });

  it('reads only function calls among other output items and blocks', () => {
    expect(extractToolCalls('openai-responses', { output: [{ type: 'message', content: [] }, { type: 'web_search_call', id: 'ws' }] })).toEqual([]);
    expect(extractToolCalls('anthropic', { role: 'assistant', content: [{ type: 'thinking', thinking: '…' }, { type: 'text', text: 'hi' }] })).toEqual([]);
    expect(extractToolCalls('google', { candidates: [{ content: { role: 'model', parts: [{ text: 'hi' }, { functionCall: { name: 'f', id: 'g1' } }] } }] })).toEqual([
      { id: 'g1', name: 'f', args: { ok: true, value: {} } },
    ]);
  });
});

describe('runToolCalls', () => {
  it('is done when the model called nothing, and returns just its turn', async () => {
    const turn = await runToolCalls('anthropic', { role: 'assistant', content: [{ type: 'text', text: 'All done.' }] }, new ToolRegistry());
    expect(turn).toEqual({ done: true, calls: [], messages: [{ role: 'assistant', content: [{ type: 'text', text: 'All done.' }] }] });
  });

  it('runs calls in parallel and answers in call order', async () => {
    // Each tool finishes only once both have started, so run one after the other they would never
    // finish (the test times out); `slow` also waits for `fast` to finish, so answers in completion
    // order would put `fast` first.
    const order: string[] = [];
    let started = 0;
    let bothStarted!: () => void;
    const allStarted = new Promise<void>((resolve) => (bothStarted = resolve));
    let fastDone!: () => void;
    const fastFinished = new Promise<void>((resolve) => (fastDone = resolve));
    const tool = (name: string, after: () => Promise<void>): ITool => ({
      name,
      description: name,
      parameters: {},
      execute: async () => {
        order.push(`${name} started`);
        if (++started === 2) bothStarted();
        await allStarted;
        await after();
        order.push(`${name} finished`);
        if (name === 'fast') fastDone();
        return resultFromContent([{ type: 'text', text: name }], false);
      },
    });
    const { registry } = registryWith({}, [tool('slow', () => fastFinished), tool('fast', async () => {})]);
    const turn = await runToolCalls('openai', chat([['1', 'slow', '{}'], ['2', 'fast', '{}']]), registry);
    expect(order).toEqual(['slow started', 'fast started', 'fast finished', 'slow finished']);
    expect(turn.messages.slice(1)).toEqual([
      { role: 'tool', tool_call_id: '1', content: 'slow' },
      { role: 'tool', tool_call_id: '2', content: 'fast' },
    ]);
  });

  it('passes the signal to every tool and turns a throwing tool into a failed result', async () => {
    const thrower: ITool = { name: 'boom', description: '', parameters: {}, execute: () => Promise.reject(new Error('kaput')) };
    const { registry, seen } = registryWith({ ok: [{ type: 'text', text: 'fine' }] }, [thrower]);
    const controller = new AbortController();
    const turn = await runToolCalls('anthropic', { role: 'assistant', content: [
      { type: 'tool_use', id: 't1', name: 'ok', input: { q: 1 } },
      { type: 'tool_use', id: 't2', name: 'boom', input: {} },
    ] }, registry, { signal: controller.signal });
    expect(seen).toEqual([{ name: 'ok', params: { q: 1 }, aborted: false }]);
    expect(turn.calls[1]?.result).toMatchObject({ isError: true, text: 'INTERNAL: kaput', error: { code: 'INTERNAL' } });
  });

  it('sends images only where the provider takes their type; others stay placeholders', async () => {
    const { registry } = registryWith({ pics: [{ type: 'text', text: 'two pictures' }, PNG, SVG, { type: 'audio', data: 'UklG', mimeType: 'audio/wav' }] });
    const anthropic = await runToolCalls('anthropic', { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'pics', input: {} }] }, registry);
    expect(anthropic.messages[1]).toEqual({
      role: 'user',
      content: [{
        type: 'tool_result',
        tool_use_id: 't',
        content: [
          { type: 'text', text: 'two pictures' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG.data } },
          { type: 'text', text: '[Image: image/svg+xml]\n[Audio: audio/wav]' },
        ],
        is_error: false,
      }],
    });
    const openai = await runToolCalls('openai', chat([['c', 'pics', '{}']]), registry);
    expect(openai.messages.slice(1)).toEqual([
      { role: 'tool', tool_call_id: 'c', content: 'two pictures\n[Image: image/png]\n[Image: image/svg+xml]\n[Audio: audio/wav]' },
      { role: 'user', content: [{ type: 'text', text: 'Images returned by tool call c (pics):' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.data}` } }] },
    ]);
  });

  it('marks a failed result with images as an error in the Responses output list', async () => {
    const failing: ITool = { name: 'shot', description: '', parameters: {}, execute: async () => resultFromContent([{ type: 'text', text: 'blurry' }, PNG], true) };
    const { registry } = registryWith({}, [failing]);
    const turn = await runToolCalls('openai-responses', { output: [{ type: 'function_call', call_id: 'c1', name: 'shot', arguments: '{}' }] }, registry);
    expect(turn.messages[1]).toEqual({
      type: 'function_call_output',
      call_id: 'c1',
      output: [
        { type: 'input_text', text: 'Error:' },
        { type: 'input_text', text: 'blurry' },
        { type: 'input_image', image_url: `data:image/png;base64,${PNG.data}`, detail: 'auto' },
      ],
    });
  });

  it("echoes Gemini's call id when there was one, and reports unknown tools as errors", async () => {
    const { registry } = registryWith({ f: [{ type: 'text', text: 'ok' }] });
    const turn = await runToolCalls('google', { candidates: [{ content: { role: 'model', parts: [
      { functionCall: { id: 'fc-1', name: 'f', args: {} } },
      { functionCall: { id: 'fc-2', name: 'ghost', args: {} } },
    ] } }] }, registry);
    expect(turn.messages[1]).toEqual({
      role: 'user',
      parts: [
        { functionResponse: { id: 'fc-1', name: 'f', response: { output: 'ok' } } },
        { functionResponse: { id: 'fc-2', name: 'ghost', response: { error: 'NOT_FOUND: There is no tool named "ghost"' } } },
      ],
    });
  });
});
