import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useFollowLatest } from './useFollowLatest';

afterEach(cleanup);

/** jsdom lays nothing out: each line is 20 px in a 100 px box (see beforeAll). */
function Log({ lines }: { lines: string[] }) {
  const { ref, onScroll, following, follow } = useFollowLatest(lines);
  return (
    <>
      <div data-testid="log" ref={ref} onScroll={onScroll} data-lines={lines.length}>
        {lines.join('\n')}
      </div>
      {following ? null : <button onClick={follow}>Jump to latest</button>}
    </>
  );
}

/** The box's sizes as a browser would measure them: read from the lines it holds now. */
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get(this: HTMLElement) { return Number(this.dataset.lines ?? 0) * 20; } });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 100 });
});
afterAll(() => {
  // jsdom's own getters live on Element.prototype: removing these uncovers them again.
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollHeight');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
});

const lines = (count: number) => Array.from({ length: count }, (_, index) => `line ${index}`);
const scrollTo = (top: number) =>
  act(() => {
    const log = screen.getByTestId('log');
    log.scrollTop = top;
    fireEvent.scroll(log);
  });

describe('useFollowLatest', () => {
  it('keeps the end in view as lines come, stops while the person reads above, and follows again on Jump', () => {
    const view = render(<Log lines={lines(10)} />);
    const log = screen.getByTestId('log');
    expect(log.scrollTop).toBe(200);
    expect(screen.queryByRole('button')).toBeNull();

    view.rerender(<Log lines={lines(12)} />);
    expect(log.scrollTop).toBe(240);

    scrollTo(40);
    expect(screen.getByRole('button', { name: 'Jump to latest' })).toBeTruthy();
    view.rerender(<Log lines={lines(15)} />);
    expect(log.scrollTop).toBe(40);

    fireEvent.click(screen.getByRole('button', { name: 'Jump to latest' }));
    expect(log.scrollTop).toBe(300);
    expect(screen.queryByRole('button')).toBeNull();
    view.rerender(<Log lines={lines(16)} />);
    expect(log.scrollTop).toBe(320);
  });

  it('scrolling back near the end follows again without the button', () => {
    render(<Log lines={lines(20)} />);
    scrollTo(100);
    expect(screen.getByRole('button', { name: 'Jump to latest' })).toBeTruthy();
    // 400 − 290 − 100 = 10 px from the end: within the slack.
    scrollTo(290);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
