import { describe, expect, it } from 'vitest';
import { parseToolFormat, STRICT_FORMATS, TOOL_FORMAT_IDS, TOOL_FORMAT_NAMES, TOOL_FORMATS, toolFormatName, type ToolFormatInfo } from './toolFormats';

describe('tool formats', () => {
  it('reads a format by its id or its alias, and nothing else', () => {
    expect(parseToolFormat('google')).toBe('google');
    expect(parseToolFormat('gemini')).toBe('google');
    expect(parseToolFormat('openai-responses')).toBe('openai-responses');
    expect(parseToolFormat('Gemini')).toBeUndefined();
    expect(parseToolFormat('bard')).toBeUndefined();
  });

  it('shows a format by its alias where it has one', () => {
    expect(toolFormatName('google')).toBe('gemini');
    expect(toolFormatName('anthropic')).toBe('anthropic');
    expect(TOOL_FORMAT_NAMES).toEqual(['openai', 'openai-responses', 'anthropic', 'gemini', 'vertex']);
  });

  it('says which formats have a strict mode and its default', () => {
    expect(STRICT_FORMATS).toEqual(['openai', 'openai-responses']);
    expect(STRICT_FORMATS.map((id) => (TOOL_FORMATS[id] as ToolFormatInfo).strictByDefault)).toEqual([false, true]);
  });

  it('gives every name exactly one meaning', () => {
    const names = TOOL_FORMAT_IDS.flatMap((id) => [id, (TOOL_FORMATS[id] as ToolFormatInfo).alias ?? []].flat());
    expect(new Set(names).size).toBe(names.length);
    for (const id of TOOL_FORMAT_IDS) expect(parseToolFormat(toolFormatName(id))).toBe(id);
  });
});
