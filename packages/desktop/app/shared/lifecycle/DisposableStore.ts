/**
 * The one way to own resources and let them go: each owner adds what it creates, in the order it
 * creates it, and one `dispose()` lets go of everything in the reverse order. What was made from
 * something else goes before it (a subscription before its source, a call before its connection,
 * a connection before the process tracker), so no teardown is written out step by step.
 *
 * - Runtime-neutral (no Node API): the renderer may use it too.
 * - Each disposal is awaited before the next starts: order matters more than speed at shutdown.
 * - Idempotent: a second `dispose()` returns the first one's promise.
 * - A disposal that fails does not stop the others; the failures are collected and `dispose()`
 *   rejects with them (one error as itself, several as an AggregateError) once all have run.
 */
export interface Disposable {
  dispose(): unknown;
}

/** An object with `dispose()`, or a function that lets go of something (an unsubscribe). */
export type Disposal = Disposable | (() => unknown);

const release = (item: Disposal): unknown => (typeof item === 'function' ? item() : item.dispose());

export class DisposableStore implements Disposable {
  private readonly items: Disposal[] = [];
  private disposing: Promise<void> | undefined;

  /** Whether `dispose()` has been called (its disposals may still be running). */
  get isDisposed(): boolean {
    return this.disposing !== undefined;
  }

  /**
   * Takes ownership of `item`, which is let go before everything added earlier. Adding to a store
   * that is disposed (or disposing) is a bug, reported at once: the caller still owns `item`.
   */
  add<T extends Disposal>(item: T): T {
    if (this.disposing) throw new Error('This DisposableStore is already disposed; dispose the item where it was made');
    this.items.push(item);
    return item;
  }

  dispose(): Promise<void> {
    this.disposing ??= (async () => {
      const errors: unknown[] = [];
      for (const item of this.items.splice(0).reverse()) {
        try {
          await release(item);
        } catch (err) {
          errors.push(err);
        }
      }
      if (errors.length === 1) throw errors[0];
      if (errors.length > 1) throw new AggregateError(errors, `${errors.length} disposals failed: ${errors.map(describe).join('; ')}`);
    })();
    return this.disposing;
  }
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err));
