import { describe, expect, it } from 'vitest';
import { shortenDescription, withHints } from './description';

describe('shortenDescription', () => {
  it('leaves a description within the limit alone', () => {
    expect(shortenDescription('Short. Text.', 12)).toBe('Short. Text.');
  });

  it('cuts at the last sentence end that fits', () => {
    const text = 'First sentence here. Second one too. Third is far too long to fit in.';
    expect(shortenDescription(text, 40)).toBe('First sentence here. Second one too.');
  });

  it('does not take a dot inside a word or number for a sentence end', () => {
    expect(shortenDescription('Version 1.2.3 is used by default here. More text follows after that.', 45)).toBe(
      'Version 1.2.3 is used by default here.',
    );
  });

  it('falls back to a word boundary with an ellipsis when no sentence end is near', () => {
    const result = shortenDescription('one two three four five six seven eight nine ten', 20);
    expect(result).toBe('one two three four…');
    expect(result.length).toBeLessThanOrEqual(20);
  });

  it('understands CJK full stops', () => {
    expect(shortenDescription('第一句话。第二句话。第三句话很长很长很长', 12)).toBe('第一句话。第二句话。');
  });

  it('always respects the limit on real-sized input', () => {
    const text = 'Word '.repeat(2000);
    expect(shortenDescription(text, 1024).length).toBeLessThanOrEqual(1024);
  });
});

describe('withHints', () => {
  it('appends hints in parentheses', () => {
    expect(withHints('Limit', ['default: 10'])).toBe('Limit (default: 10)');
    expect(withHints(undefined, ['a', 'b'])).toBe('(a; b)');
    expect(withHints('Limit', [])).toBe('Limit');
  });
});
