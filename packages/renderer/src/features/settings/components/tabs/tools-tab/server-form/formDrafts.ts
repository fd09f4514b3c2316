/**
 * What was typed into a server form that was closed without saving, per target (a new server, an
 * edit of one server, a copy of one), kept for as long as the app runs so that reopening the same
 * form continues it. Only in memory, like the playground's drafts: a draft may hold a secret the
 * person typed, and nothing unsaved is written to disk.
 */
import { canonicalJson } from '@shared/text/canonicalJson';
import type { FormTarget } from '../ToolsTabNav';
import type { ServerFormValues } from '@renderer/components/server-form/formValues';

const drafts = new Map<string, ServerFormValues>();

const keyOf = (target: FormTarget) => (target.mode === 'add' ? 'add' : `${target.mode}:${target.serverId}`);

/** Whether two states of the form hold the same values (key order and unset fields do not count). */
export const sameValues = (a: ServerFormValues, b: ServerFormValues) => canonicalJson(a) === canonicalJson(b);

export const serverFormDrafts = {
  get: (target: FormTarget): ServerFormValues | undefined => drafts.get(keyOf(target)),
  keep: (target: FormTarget, values: ServerFormValues) => void drafts.set(keyOf(target), structuredClone(values)),
  drop: (target: FormTarget) => void drafts.delete(keyOf(target)),
};
