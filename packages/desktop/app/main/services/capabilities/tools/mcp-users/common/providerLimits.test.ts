import { describe, expect, it } from 'vitest';
import { PROVIDER_TOOL_LIMITS, TOOL_CONTEXT_SHARE_WARNING, toolListFit } from './providerLimits';
import { GEMINI_MAX_DECLARATIONS } from './schema/gemini';
import { OPENAI_MAX_TOOLS } from './schema/openai';

describe('toolListFit', () => {
  it('refuses more tools than the format documents, and names the limit passed', () => {
    const openai = PROVIDER_TOOL_LIMITS.openai;
    expect(toolListFit(openai, OPENAI_MAX_TOOLS, 100)).toEqual({ kind: 'fits' });
    expect(toolListFit(openai, OPENAI_MAX_TOOLS + 1, 100)).toEqual({ kind: 'over', count: { api: 'openai', maxTools: OPENAI_MAX_TOOLS } });
    // A Gemini key reaches the Gemini API only: Vertex AI's lower limit does not apply.
    expect(toolListFit(PROVIDER_TOOL_LIMITS.gemini, 200, 100)).toEqual({ kind: 'fits' });
    expect(toolListFit(PROVIDER_TOOL_LIMITS.gemini, GEMINI_MAX_DECLARATIONS + 1, 100).kind).toBe('over');
    // Anthropic documents no count limit.
    expect(toolListFit(PROVIDER_TOOL_LIMITS.anthropic, 1000, 100)).toEqual({ kind: 'fits' });
  });

  it('weighs the list against the context: heavy past the share, over past the whole', () => {
    const deepseek = PROVIDER_TOOL_LIMITS.deepseek;
    const context = deepseek.contextTokens!;
    const half = context * TOOL_CONTEXT_SHARE_WARNING;
    expect(toolListFit(deepseek, 3, half)).toEqual({ kind: 'fits' });
    expect(toolListFit(deepseek, 3, half + 1)).toEqual({ kind: 'heavy', contextTokens: context });
    expect(toolListFit(deepseek, 3, context + 1)).toEqual({ kind: 'over', contextTokens: context });
  });

  it('never calls a list too large for an OpenAI-compatible server, whose context it cannot know; past half the typical one it is unsure', () => {
    const local = PROVIDER_TOOL_LIMITS['openai-compatible'];
    expect(local.contextTokens).toBeUndefined();
    const typical = local.typicalContextTokens!;
    expect(typical).toBe(4096);
    expect(toolListFit(local, 3, typical * TOOL_CONTEXT_SHARE_WARNING)).toEqual({ kind: 'fits' });
    expect(toolListFit(local, 3, typical * TOOL_CONTEXT_SHARE_WARNING + 1)).toEqual({ kind: 'unsure', typicalContextTokens: typical });
    expect(toolListFit(local, 300, 1_000_000)).toEqual({ kind: 'unsure', typicalContextTokens: typical });
  });

  it('gives every provider a format and a positive context, or a typical one where it cannot be known', () => {
    for (const limits of Object.values(PROVIDER_TOOL_LIMITS)) expect(limits.contextTokens ?? limits.typicalContextTokens).toBeGreaterThan(0);
    expect(PROVIDER_TOOL_LIMITS.gemini.format).toBe('google');
    expect(PROVIDER_TOOL_LIMITS.openai.format).toBe('openai-responses');
    expect(PROVIDER_TOOL_LIMITS.deepseek.format).toBe('openai');
  });
});
