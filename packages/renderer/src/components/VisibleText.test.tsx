import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { VisibleText } from './VisibleText';
import { RAW_INLINE_CONTROL } from '@desktop-testing/visibleControls.testkit';

afterEach(cleanup);

const textOf = (node: React.ReactElement) => render(node).container.textContent;

describe('VisibleText', () => {
  it('draws newlines, tabs, ESC, C1 and bidi characters as marks and never renders them', () => {
    const shown = textOf(<VisibleText text={'a\nb\tc\u001b[2J\u009b\u202eabc\u2066'} />);
    expect(shown).toBe('a⏎b\\u0009c\\u001b[2J\\u009b\\u202eabc\\u2066');
    expect(shown).not.toMatch(RAW_INLINE_CONTROL);
  });

  it('names each mark by its code point and isolates the text from the direction around it', () => {
    const { container } = render(<VisibleText text={'x\u202ey'} />);
    expect(container.querySelector('[data-control]')?.getAttribute('title')).toBe('U+202E');
    expect((container.firstElementChild as HTMLElement).style.unicodeBidi).toBe('isolate');
  });

  it('keeps newlines and tabs as layout in multi-line text, and still marks the rest', () => {
    expect(textOf(<VisibleText text={'line one\r\nline two\tend\u202e'} multiline />)).toBe('line one\nline two\tend\\u202e');
  });

  it('leaves ordinary text alone', () => {
    expect(textOf(<VisibleText text="npx -y @modelcontextprotocol/server-everything 中文 👍" />)).toBe('npx -y @modelcontextprotocol/server-everything 中文 👍');
  });
});
