import { describe, expect, it } from 'vitest';
import {
  convertMcpToolsToAnthropic,
  convertMcpToolsToGemini,
  convertMcpToolsToOpenAI,
  convertMcpToolsToOpenAIResponses,
  convertMcpToolsToVertex,
} from './toolConversion';
import { recordingLogger, tool, withArgs } from '@desktop-testing/toolConversion.testkit';

describe('converters', () => {
  it('shorten descriptions over 1,024 characters for OpenAI only, and say so', () => {
    const long = `${'This sentence is long enough to matter. '.repeat(40)}End.`;
    const tools = [tool('a', 'x', withArgs, long)];
    const chat = convertMcpToolsToOpenAI(tools);
    const responses = convertMcpToolsToOpenAIResponses(tools);
    for (const description of [chat.tools[0]?.function.description, responses.tools[0]?.description]) {
      expect(description?.length).toBeLessThanOrEqual(1024);
      expect(description?.endsWith('matter.')).toBe(true);
    }
    expect(chat.warnings).toEqual([expect.objectContaining({ code: 'DESCRIPTION_SHORTENED', toolId: tools[0]?.id })]);
    expect(convertMcpToolsToAnthropic(tools).tools[0]?.description).toBe(long);
    expect(convertMcpToolsToGemini(tools).tools[0]?.functionDeclarations[0]?.description).toBe(long);
  });

  it('warn, through the result and the logger, when a request exceeds the tool limit', () => {
    const many = Array.from({ length: 130 }, (_, index) => tool('a', `t${index}`));
    const logger = recordingLogger();
    const openai = convertMcpToolsToOpenAI(many, { logger });
    expect(openai.tools).toHaveLength(130);
    expect(openai.warnings).toEqual([expect.objectContaining({ code: 'TOOL_LIMIT', message: expect.stringContaining('128') })]);
    expect(logger.lines).toEqual([expect.stringMatching(/^warn .*OpenAI's limit of 128/)]);
    expect(convertMcpToolsToGemini(many).warnings).toEqual([]);
    expect(convertMcpToolsToVertex(many).warnings).toEqual([expect.objectContaining({ code: 'TOOL_LIMIT', message: expect.stringContaining('Vertex AI') })]);
    expect(convertMcpToolsToAnthropic(many).warnings).toEqual([]);
  });

  it('drop only the tool with an unusable or duplicate id, naming it', () => {
    const good = tool('a', 'good');
    const tools = [good, { ...tool('a', 'bad'), id: 'has spaces' }, { ...tool('a', 'again'), id: good.id }];
    const result = convertMcpToolsToAnthropic(tools);
    expect(result.tools.map((t) => t.name)).toEqual([good.id]);
    expect(result.warnings.map((w) => [w.code, w.message.match(/"(\w+)"/)?.[1]])).toEqual([
      ['TOOL_DROPPED', 'bad'],
      ['TOOL_DROPPED', 'again'],
    ]);
  });

  it('repair a root without type instead of dropping the tool, and keep an any-valued property where the format can', () => {
    const tools = [tool('a', 'untyped', { $schema: 'http://json-schema.org/draft-07/schema#' }), tool('a', 'props', { properties: { q: {} } })];
    const strict = convertMcpToolsToOpenAI(tools, { strict: true, repairs: true });
    expect(strict.tools.map((t) => t.function.parameters)).toEqual([
      { type: 'object', properties: {}, required: [], additionalProperties: false },
      { type: 'object', properties: { q: {} }, required: [] },
    ]);
    expect(strict.warnings).toEqual([expect.objectContaining({ code: 'NOT_STRICT', toolId: tools[1]?.id, detail: { reason: 'NO_TYPE', path: 'q' } })]);
    expect(convertMcpToolsToGemini(tools).tools[0]?.functionDeclarations).toEqual([
      { name: tools[0]?.id, description: 'Does untyped.' },
      { name: tools[1]?.id, description: 'Does props.', parametersJsonSchema: { type: 'object', properties: { q: {} } } },
    ]);
    const vertex = convertMcpToolsToVertex(tools);
    expect(vertex.tools[0]?.functionDeclarations).toEqual([
      { name: tools[0]?.id, description: 'Does untyped.' },
      { name: tools[1]?.id, description: 'Does props.', parameters: { type: 'OBJECT', properties: { q: { type: 'STRING' } } } },
    ]);
    expect(vertex.warnings).toEqual([
      {
        code: 'LOSSY_SCHEMA',
        toolId: tools[1]?.id,
        message: '"q" of "props" accepts any value, which the schema cannot declare: the model can send only a string',
        detail: { loss: 'ANY_TO_STRING', path: 'q' },
      },
    ]);
  });

  it('warn about every narrowing of the OpenAPI subset, once per property, repairs asked for or not, and never for Gemini', () => {
    const maps = tool('a', 'maps', {
      type: 'object',
      properties: { env: { type: 'object', additionalProperties: { type: 'string' } }, v: { anyOf: [{}, { type: 'number' }] }, mode: { enum: ['', 'fast'] } },
    });
    const logger = recordingLogger();
    const plain = convertMcpToolsToVertex([maps], { logger });
    expect(plain.warnings.map((w) => [w.code, w.detail])).toEqual([
      ['LOSSY_SCHEMA', { loss: 'ADDITIONAL_PROPERTIES_DROPPED', path: 'env' }],
      ['LOSSY_SCHEMA', { loss: 'ANY_TO_STRING', path: 'v' }],
      ['LOSSY_SCHEMA', { loss: 'EMPTY_ENUM_VALUE_DROPPED', path: 'mode' }],
    ]);
    expect(logger.lines).toEqual(plain.warnings.map((w) => expect.stringContaining(`${maps.id}: ${w.message}`)));
    expect(convertMcpToolsToVertex([maps], { repairs: true }).warnings).toEqual(plain.warnings);
    const gemini = convertMcpToolsToGemini([maps]);
    expect(gemini.warnings).toEqual([]);
    expect(gemini.tools[0]?.functionDeclarations[0]?.parametersJsonSchema?.properties).toEqual({
      env: { type: 'object', properties: {}, additionalProperties: { type: 'string' } },
      v: { anyOf: [{}, { type: 'number' }] },
      mode: { type: 'string', enum: ['', 'fast'] },
    });
  });

  it('give Gemini one outer entry holding all declarations, and nothing for no tools', () => {
    expect(convertMcpToolsToGemini([tool('a', 'x'), tool('b', 'y')]).tools).toHaveLength(1);
    expect(convertMcpToolsToGemini([]).tools).toEqual([]);
  });

  it('say, only when asked, what each provider changed in which tool, normaliser and provider repairs together', () => {
    const hostile = tool('a', 'fetch', {
      type: 'object',
      properties: { url: { type: 'string', format: 'uri' }, opts: { $ref: '#/$defs/Opts' } },
      required: ['url'],
      $defs: { Opts: { type: 'object', additionalProperties: true } },
    });
    const plain = tool('a', 'echo', withArgs);
    expect(convertMcpToolsToGemini([hostile, plain])).not.toHaveProperty('repairs');
    const gemini = convertMcpToolsToGemini([hostile, plain], { repairs: true });
    expect(gemini.repairs).toEqual([
      {
        toolId: hostile.id,
        repairs: expect.arrayContaining([
          { code: 'REF_INLINED', path: 'opts', detail: { ref: '#/$defs/Opts' } },
          { code: 'FORMAT_TO_DESCRIPTION', path: 'url', detail: { format: 'uri' } },
        ]),
      },
    ]);
    const vertex = convertMcpToolsToVertex([hostile, plain], { repairs: true });
    expect(vertex.repairs?.[0]?.repairs).toContainEqual({ code: 'ADDITIONAL_PROPERTIES_DROPPED', path: 'opts' });
    expect(vertex.warnings).toEqual([expect.objectContaining({ code: 'LOSSY_SCHEMA', toolId: hostile.id, detail: { loss: 'ADDITIONAL_PROPERTIES_DROPPED', path: 'opts' } })]);
    const anthropic = convertMcpToolsToAnthropic([hostile, plain], { repairs: true });
    expect(anthropic.repairs).toEqual([{ toolId: hostile.id, repairs: [{ code: 'REF_INLINED', path: 'opts', detail: { ref: '#/$defs/Opts' } }] }]);
    const responses = convertMcpToolsToOpenAIResponses([hostile, plain], { repairs: true });
    // The open map makes it non-strict: a warning, and no strict-mode repairs.
    expect(responses.warnings).toEqual([expect.objectContaining({ code: 'NOT_STRICT', toolId: hostile.id, detail: { reason: 'OPEN_MAP', path: 'opts' } })]);
    expect(responses.repairs?.[0]?.repairs.map((repair) => repair.code)).toEqual(['REF_INLINED']);
    expect(responses.repairs?.[1]).toEqual({ toolId: plain.id, repairs: [{ code: 'STRICT_OPTIONAL_NULLABLE', path: '', detail: { names: 'depth' } }] });
    expect(convertMcpToolsToOpenAI([hostile, plain], { repairs: true }).tools).toEqual(convertMcpToolsToOpenAI([hostile, plain]).tools);
  });
});
