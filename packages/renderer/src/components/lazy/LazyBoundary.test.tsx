import { cleanup, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeHost } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import { userEvent } from '@renderer-testing/userEvent';
import jaCommon from '@locales/ja/common.json';
import zhCommon from '@locales/zh/common.json';
import { LazyBoundary } from './LazyBoundary';
import { lazyComponent, prefetchLazyParts } from './lazyComponent';

/** A chunk the test delivers or drops when it chooses, as a network or a restarting host would. */
function controlledChunk() {
  const loads: { resolve: (component: (props: { name: string }) => ReactNode) => void; reject: (error: Error) => void }[] = [];
  const Part = lazyComponent<{ name: string }>(
    () =>
      new Promise((resolve, reject) => {
        loads.push({ resolve, reject });
      }),
  );
  const Loaded = ({ name }: { name: string }) => <p data-testid="part">Hello {name}</p>;
  return { Part, Loaded, loads };
}

describe('LazyBoundary', () => {
  afterEach(cleanup);

  it('shows a loading state in the person’s language until the part’s code arrives, then the part', async () => {
    const { Part, Loaded, loads } = controlledChunk();
    renderWithProviders(
      <LazyBoundary>
        <Part name="files" />
      </LazyBoundary>,
      new FakeHost(),
      'ja',
    );
    expect(screen.getByRole('status', { name: '読み込み中…' })).toBeTruthy();
    expect(loads).toHaveLength(1);
    loads[0]!.resolve(Loaded);
    expect((await screen.findByTestId('part')).textContent).toBe('Hello files');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a chunk that does not arrive shows what happened with Try again, which loads it anew', async () => {
    const { Part, Loaded, loads } = controlledChunk();
    renderWithProviders(
      <LazyBoundary>
        <Part name="files" />
      </LazyBoundary>,
      new FakeHost(),
    );
    loads[0]!.reject(new Error('Failed to fetch dynamically imported module: /assets/Part.js'));
    const failed = await screen.findByTestId('lazy-failed');
    expect(failed.textContent).toContain('This part of the window could not be loaded');
    expect(failed.textContent).toContain('Failed to fetch dynamically imported module: /assets/Part.js');
    expect(screen.queryByTestId('part')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(loads).toHaveLength(2));
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    loads[1]!.resolve(Loaded);
    expect((await screen.findByTestId('part')).textContent).toBe('Hello files');
    // Focus stays in the region Try again was in, not lost to the page.
    expect(document.activeElement?.contains(screen.getByTestId('part'))).toBe(true);
  });

  it('a dialog whose code does not arrive says so in a dialog, over the page', async () => {
    const { Part, Loaded, loads } = controlledChunk();
    renderWithProviders(
      <LazyBoundary overlay>
        <Part name="files" />
      </LazyBoundary>,
      new FakeHost(),
    );
    loads[0]!.reject(new Error('Failed to fetch dynamically imported module: /assets/Modal.js'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('This part of the window could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(loads).toHaveLength(2));
    loads[1]!.resolve(Loaded);
    expect((await screen.findByTestId('part')).textContent).toBe('Hello files');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a part that loaded once renders at once the next time, with no second load', async () => {
    const { Part, Loaded, loads } = controlledChunk();
    const first = renderWithProviders(
      <LazyBoundary>
        <Part name="a" />
      </LazyBoundary>,
      new FakeHost(),
    );
    loads[0]!.resolve(Loaded);
    await screen.findByTestId('part');
    first.unmount();
    renderWithProviders(
      <LazyBoundary>
        <Part name="b" />
      </LazyBoundary>,
      new FakeHost(),
    );
    expect(screen.getByTestId('part').textContent).toBe('Hello b');
    expect(loads).toHaveLength(1);
  });

  it('prefetches every part, including parts a prefetched chunk declares, so a part opened later needs no fetch', async () => {
    let outerLoads = 0;
    let innerLoads = 0;
    let Inner: ((props: { name: string }) => ReactNode) | undefined;
    const Outer = lazyComponent<{ name: string }>(async () => {
      outerLoads++;
      // Like a detail pane whose chunk declares the playground as a lazy part of its own.
      Inner = lazyComponent<{ name: string }>(async () => {
        innerLoads++;
        return ({ name }) => <p data-testid="inner">Inner {name}</p>;
      });
      return ({ name }) => <p data-testid="part">Hello {name}</p>;
    });
    await prefetchLazyParts();
    expect([outerLoads, innerLoads]).toEqual([1, 1]);
    const Rendered = Inner!;
    renderWithProviders(
      <LazyBoundary>
        <Outer name="files" />
        <Rendered name="tools" />
      </LazyBoundary>,
      new FakeHost(),
    );
    expect((await screen.findByTestId('part')).textContent).toBe('Hello files');
    expect(screen.getByTestId('inner').textContent).toBe('Inner tools');
    expect([outerLoads, innerLoads]).toEqual([1, 1]);
  });

  it('leaves a part whose prefetch failed to load again when it is first shown', async () => {
    let attempts = 0;
    const Part = lazyComponent<{ name: string }>(async () => {
      if (++attempts === 1) throw new Error('Failed to fetch dynamically imported module');
      return ({ name }) => <p data-testid="part">Hello {name}</p>;
    });
    await prefetchLazyParts();
    expect(attempts).toBe(1);
    renderWithProviders(
      <LazyBoundary>
        <Part name="files" />
      </LazyBoundary>,
      new FakeHost(),
    );
    expect((await screen.findByTestId('part')).textContent).toBe('Hello files');
    expect(attempts).toBe(2);
  });

  /** Tabs from the start of the page until `target` has focus; how many presses that took (at most 10). */
  async function tabTo(target: HTMLElement): Promise<number> {
    for (let presses = 1; presses <= 10; presses++) {
      await userEvent.tab();
      if (document.activeElement === target) return presses;
    }
    throw new Error(`Tab never reached ${target.outerHTML.slice(0, 80)}; focus is on ${document.activeElement?.outerHTML.slice(0, 80)}`);
  }

  it.each([
    ['zh', false, zhCommon.lazy],
    ['ja', false, jaCommon.lazy],
    ['zh', true, zhCommon.lazy],
    ['ja', true, jaCommon.lazy],
  ] as const)('%s: Try again is reached with Tab and pressed with Enter (in a dialog: %s)', async (language, overlay, words) => {
    const { Part, Loaded, loads } = controlledChunk();
    renderWithProviders(
      <>
        <button type="button">before</button>
        <LazyBoundary overlay={overlay}>
          <Part name="files" />
        </LazyBoundary>
      </>,
      new FakeHost(),
      language,
    );
    loads[0]!.reject(new Error('Failed to fetch dynamically imported module: /assets/Part.js'));
    expect((await screen.findByTestId('lazy-failed')).textContent).toContain(words.failed);
    // antd spaces out a two-character Chinese label (重 试), as Chinese typography does.
    const retry = screen.getByRole('button', { name: (name) => name.replace(/\s/g, '') === words.retry });
    await tabTo(retry);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(loads).toHaveLength(2));
    loads[1]!.resolve(Loaded);
    expect((await screen.findByTestId('part')).textContent).toBe('Hello files');
    expect(screen.queryByTestId('lazy-failed')).toBeNull();
  });
});
