import { describe, expect, it } from 'vitest';
import { isUsableProvider, reviewedMessages } from './sampling';

describe('reviewedMessages', () => {
  it('keeps text and says what every other part was', () => {
    expect(
      reviewedMessages([
        { role: 'user', content: { type: 'text', text: 'Look:' } },
        {
          role: 'user',
          content: [
            { type: 'image', data: 'AAAA', mimeType: 'image/png' },
            { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
            { type: 'text', text: 'and this' },
          ],
        },
        { role: 'assistant', content: { type: 'tool_use', id: 't1', name: 'lookup', input: { q: 'x' } } },
        { role: 'user', content: { type: 'tool_result', toolUseId: 't1', content: [{ type: 'text', text: 'found' }] } },
      ]),
    ).toEqual([
      { role: 'user', text: 'Look:' },
      { role: 'user', text: '[image: image/png, not sent to the model]\n[audio: audio/wav, not sent to the model]\nand this' },
      { role: 'assistant', text: '[tool call lookup: {"q":"x"}]' },
      { role: 'user', text: '[tool result: found]' },
    ]);
  });
});

describe('isUsableProvider', () => {
  it('needs a key, except the OpenAI-compatible endpoint once its URL is set', () => {
    expect(isUsableProvider({ id: 'openai', hasKey: true, baseUrl: 'https://api.openai.com/v1' })).toBe(true);
    expect(isUsableProvider({ id: 'openai', hasKey: false, baseUrl: 'https://api.openai.com/v1' })).toBe(false);
    expect(isUsableProvider({ id: 'openai-compatible', hasKey: false, baseUrl: 'http://127.0.0.1:11434/v1' })).toBe(true);
    expect(isUsableProvider({ id: 'openai-compatible', hasKey: false })).toBe(false);
  });
});
