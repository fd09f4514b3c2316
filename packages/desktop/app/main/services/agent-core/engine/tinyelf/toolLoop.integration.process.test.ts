/**
 * MCP tools in an agent turn, end to end without a network: CompletionService builds the request
 * (tools from a real McpService over the real stdio fixture server), a RECORDED provider response
 * (shaped exactly like that API's response) calls the tools, the loop runs them on the server and
 * builds the follow-up messages, which are checked per provider.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { assertNoChildren } from '@fixtures/servers/paths';
import { TINY_PNG_BASE64 } from '@fixtures/servers/tools.mjs';
import type { ToolFormat } from '@shared/toolFormats';
import { makeService, stdioInput, type Harness } from '@desktop-testing/McpService.testkit';
import { CompletionService } from '../../../completion/CompletionService';
import { runToolCalls } from './toolLoop';
import { createMcpToolAdapters } from './tools/McpToolAdapter';
import { ToolRegistry } from './tools/ToolRegistry';

const recorded = (file: string): unknown => JSON.parse(readFileSync(new URL(`./__fixtures__/${file}`, import.meta.url), 'utf8'));
const silent = { info: () => undefined, warn: () => undefined };
const PNG_URL = `data:image/png;base64,${TINY_PNG_BASE64}`;

let h: Harness | undefined;

afterEach(async () => {
  await h?.dispose();
  h = undefined;
  await assertNoChildren();
});

/** A real pool with the fixture server, the request built for `format`, and the registry the loop uses. */
async function session<F extends ToolFormat>(format: F) {
  // Active (a provider request never starts an inactive server), connected by the request itself.
  h = makeService({ connectOnAdd: false });
  const { server } = await h.service.add(stdioInput('fixture'));
  const built = await new CompletionService(h.service, { logger: silent }).buildRequest({
    format,
    model: 'recorded',
    messages: [],
    mcp: { enabled: true, mode: 'manual', selectedServers: [server!.id] },
  });
  const registry = new ToolRegistry();
  registry.registerAll(createMcpToolAdapters(h.service, built.mcp!.mcpTools, { toMcpArguments: built.mcp!.toMcpArguments }));
  return { built, registry, serverId: server!.id };
}

describe('agent loop on recorded provider responses, real tools', () => {
  it('OpenAI Chat Completions', async () => {
    const { built, registry } = await session('openai');
    expect(built.requestPayload.tools).toContainEqual({
      type: 'function',
      function: {
        name: 'mcp__fixture__echo',
        description: 'Returns its text argument',
        parameters: expect.objectContaining({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }),
        strict: false,
      },
    });

    const turn = await runToolCalls('openai', recorded('openai-chat.tool_calls.json'), registry);
    expect(turn.done).toBe(false);
    const [assistant, ...rest] = turn.messages;
    expect(assistant).toMatchObject({ role: 'assistant', content: null, tool_calls: [{ id: 'call_Vq3r8XbJ1cYk2mN0pLs7TdHe' }, {}, {}, {}, {}] });
    expect(rest).toEqual([
      { role: 'tool', tool_call_id: 'call_Vq3r8XbJ1cYk2mN0pLs7TdHe', content: 'hello from gpt' },
      { role: 'tool', tool_call_id: 'call_9aKd0PzQw4RfUj6yBn2CxLmT', content: '5' },
      { role: 'tool', tool_call_id: 'call_Hs5gT1vNe8WqZo3kXc7bYaPr', content: '[Image: image/png]' },
      { role: 'tool', tool_call_id: 'call_Lm2nB6xCv9QaSd4fGh1jKpWe', content: 'Error: This tool always fails' },
      { role: 'tool', tool_call_id: 'call_Tr7yU3iOp0AsDf5gHj8kLzXc', content: expect.stringMatching(/^Error: VALIDATION_FAILED: .*not valid JSON/) },
      // Tool messages take text only: the image follows, after every tool message.
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Images returned by tool call call_Hs5gT1vNe8WqZo3kXc7bYaPr (mcp__fixture__image):' },
          { type: 'image_url', image_url: { url: PNG_URL } },
        ],
      },
    ]);
  });

  it('OpenAI Responses', async () => {
    const { built, registry } = await session('openai-responses');
    expect(built.requestPayload).toMatchObject({ model: 'recorded', input: [] });
    expect(built.requestPayload.tools).toContainEqual({
      type: 'function',
      name: 'mcp__fixture__add',
      description: 'Adds two numbers',
      parameters: expect.objectContaining({ type: 'object', required: ['a', 'b'], additionalProperties: false }),
      strict: true,
    });

    const response = recorded('openai-responses.function_calls.json') as { output: unknown[] };
    const turn = await runToolCalls('openai-responses', response, registry);
    // Every output item goes back (the reasoning item with the calls it led to), then the outputs.
    expect(turn.messages.slice(0, response.output.length)).toEqual(response.output);
    expect(turn.messages.slice(response.output.length)).toEqual([
      { type: 'function_call_output', call_id: 'call_Kp4xQ7rT2wYv9bN1mZs6LdFa', output: 'hello from responses' },
      { type: 'function_call_output', call_id: 'call_Qe8rT5yU1iOp3AsD7fGh9JkL', output: '5' },
      { type: 'function_call_output', call_id: 'call_Zx2cV4bN6mQw8Er0Ty3UiOp5', output: [{ type: 'input_image', image_url: PNG_URL, detail: 'auto' }] },
      { type: 'function_call_output', call_id: 'call_As1dF3gH5jK7lZ9xC2vB4nM6', output: 'Error: This tool always fails' },
    ]);
  });

  it('Anthropic Messages', async () => {
    const { built, registry } = await session('anthropic');
    expect(built.requestPayload).toMatchObject({ model: 'recorded', max_tokens: 4096, messages: [] });
    expect(built.requestPayload.tools).toContainEqual({
      name: 'mcp__fixture__echo',
      description: 'Returns its text argument',
      input_schema: expect.objectContaining({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }),
    });

    const response = recorded('anthropic.tool_use.json') as { content: unknown[] };
    const turn = await runToolCalls('anthropic', response, registry);
    expect(turn.messages).toHaveLength(2);
    expect(turn.messages[0]).toEqual({ role: 'assistant', content: response.content });
    expect(turn.messages[1]).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_01A09q90qw90lq917835lq9', content: [{ type: 'text', text: 'hello from claude' }], is_error: false },
        { type: 'tool_result', tool_use_id: 'toolu_01B7cR3kF2sD8vN1mW4xQ6zT', content: [{ type: 'text', text: '5' }], is_error: false },
        {
          type: 'tool_result',
          tool_use_id: 'toolu_01C5hJ9pL3tE7yU2iO6aS1dF',
          content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: TINY_PNG_BASE64 } }],
          is_error: false,
        },
        { type: 'tool_result', tool_use_id: 'toolu_01D2gK8nM4wR6qV0bX3cZ7eY', content: [{ type: 'text', text: 'This tool always fails' }], is_error: true },
        {
          type: 'tool_result',
          tool_use_id: 'toolu_01E9fH1jL5pS3uW7yA2dG4kN',
          content: [{ type: 'text', text: 'NOT_FOUND: There is no tool named "mcp__fixture__teleport"' }],
          is_error: true,
        },
      ],
    });
  });

  it('Gemini generateContent', async () => {
    const { built, registry } = await session('google');
    expect(built.requestPayload).toEqual({ contents: [], tools: [{ functionDeclarations: expect.any(Array) }] });
    const [declarations] = built.requestPayload.tools!;
    expect(declarations!.functionDeclarations).toContainEqual({
      name: 'mcp__fixture__add',
      description: 'Adds two numbers',
      // The Gemini API takes JSON Schema (parametersJsonSchema); the OpenAPI subset is the vertex format.
      parametersJsonSchema: expect.objectContaining({ type: 'object', required: ['a', 'b'] }),
    });

    const response = recorded('gemini.function_calls.json') as { candidates: [{ content: unknown }] };
    const turn = await runToolCalls('google', response, registry);
    // The model's content goes back as is: Gemini needs its thoughtSignature.
    expect(turn.messages[0]).toEqual(response.candidates[0].content);
    expect(turn.messages[1]).toEqual({
      role: 'user',
      parts: [
        { functionResponse: { name: 'mcp__fixture__echo', response: { output: 'hello from gemini' } } },
        { functionResponse: { name: 'mcp__fixture__add', response: { output: '5' } } },
        {
          functionResponse: {
            name: 'mcp__fixture__image',
            response: { output: '[Image: image/png]' },
            parts: [{ inlineData: { mimeType: 'image/png', data: TINY_PNG_BASE64 } }],
          },
        },
        { functionResponse: { name: 'mcp__fixture__fail', response: { error: 'This tool always fails' } } },
      ],
    });
  });

  it("cancels the turn's running calls on the server when the caller aborts", async () => {
    const { registry, serverId } = await session('anthropic');
    const controller = new AbortController();
    const response = { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_sleep', name: 'mcp__fixture__sleep', input: { ms: 20_000 } }] };
    setTimeout(() => controller.abort(), 300);
    const turn = await runToolCalls('anthropic', response, registry, { signal: controller.signal });
    expect(turn.messages[1]).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_sleep', content: [{ type: 'text', text: expect.stringMatching(/^MCP_CANCELLED: /) }], is_error: true }],
    });
    const cancelledOnServer = () => h!.service.serverLog(serverId).some((l) => l.line.startsWith('sleep cancelled at step'));
    await expect.poll(cancelledOnServer, { timeout: 5_000 }).toBe(true);
  });

  it('leaves the payload without tools when MCP is off', async () => {
    h = makeService();
    const built = await new CompletionService(h.service, { logger: silent }).buildRequest({ format: 'openai', model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    expect(built).toEqual({ format: 'openai', model: 'm', requestPayload: { model: 'm', messages: [{ role: 'user', content: 'hi' }] } });
  });
});
