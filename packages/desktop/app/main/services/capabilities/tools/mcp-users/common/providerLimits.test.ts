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
    const local = PROVIDER_TOOL_LIMITS['openai-compatible'];
    const half = local.contextTokens * TOOL_CONTEXT_SHARE_WARNING;
    expect(toolListFit(local, 3, half)).toEqual({ kind: 'fits' });
    expect(toolListFit(local, 3, half + 1)).toEqual({ kind: 'heavy', contextTokens: local.contextTokens });
    expect(toolListFit(local, 3, local.contextTokens + 1)).toEqual({ kind: 'over', contextTokens: local.contextTokens });
  });

  it('gives every provider a format and a positive context', () => {
    for (const limits of Object.values(PROVIDER_TOOL_LIMITS)) expect(limits.contextTokens).toBeGreaterThan(0);
    expect(PROVIDER_TOOL_LIMITS.gemini.format).toBe('google');
    expect(PROVIDER_TOOL_LIMITS.openai.format).toBe('openai-responses');
    expect(PROVIDER_TOOL_LIMITS.deepseek.format).toBe('openai');
  });
});
