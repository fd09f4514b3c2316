/**
 * Which source the import dialog should preview when it opens: the found-on-this-machine offer
 * sits outside the dialog and asks it to open on a file. A tiny external store rather than a
 * new navigation field, because only these two components talk about it.
 */
import { useSyncExternalStore } from 'react';
import type { LocalConfigSource } from '@shared/contracts/mcp-import';
import { Emitter } from '@shared/lifecycle/Emitter';

let pending: LocalConfigSource | undefined;
const changes = new Emitter<{ change: void }>();
const notify = () => changes.emit('change', undefined);

export function requestImportFrom(source: LocalConfigSource): void {
  pending = source;
  notify();
}

function clearImportRequest(): void {
  pending = undefined;
  notify();
}

/** The source asked for, and a function that marks it handled. */
export function useImportRequest(): [LocalConfigSource | undefined, () => void] {
  const source = useSyncExternalStore(
    (listener) => changes.on('change', listener),
    () => pending,
  );
  return [source, clearImportRequest];
}
