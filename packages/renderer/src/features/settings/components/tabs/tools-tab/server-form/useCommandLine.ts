/**
 * The Command field as people fill it: a whole command line, pasted or typed, becomes the command
 * and its arguments (split with the rules the CLI quotes by, shared/text/commandLine.ts); a URL
 * typed where the command goes is recognised, with an offer to switch to its transport. Each
 * change says what it did and can be undone.
 */
import type { FormInstance } from 'antd';
import { useEffect, useRef, useState, type ClipboardEvent } from 'react';
import type { McpServerTransport } from '@shared/contracts/mcp-types';
import { isCommandLine, splitCommandLine } from '@shared/text/commandLine';
import { TRANSPORTS } from '@shared/transports';
import { inferTransport } from '@mcp-common/importDialects';
import type { ServerFormValues } from '@renderer/components/server-form/formValues';

/** The fields a change touches, as they were before it. */
interface Before {
  type: McpServerTransport;
  command: string | undefined;
  args: string[] | undefined;
  url: string | undefined;
}

export type CommandLineChange = { kind: 'split'; command: string; args: number; before: Before } | { kind: 'url'; transport: McpServerTransport; before: Before };

const COMMAND: ['config', 'command'] = ['config', 'command'];
const ARGS: ['config', 'args'] = ['config', 'args'];
const URL_FIELD: ['config', 'url'] = ['config', 'url'];

/**
 * The transport a URL typed into Command belongs to (the import's inference: its scheme, then its
 * path), or undefined when the text is not a URL any transport reads.
 */
export function urlTransportOf(text: string | undefined): McpServerTransport | undefined {
  const url = text?.trim();
  if (!url || TRANSPORTS.forUrl(url).length === 0) return undefined;
  return inferTransport(undefined, undefined, url, TRANSPORTS) as McpServerTransport;
}

/**
 * Split on blur only where the shell's rules are what the person meant: a backslash is an escape
 * to them but part of a Windows path (`C:\Program Files\…`), so such a line is only offered.
 */
const splitsByItself = (text: string | undefined): text is string => text !== undefined && isCommandLine(text) && !text.includes('\\');

export function useCommandLine(form: FormInstance<ServerFormValues>, onValuesChange: (() => void) | undefined) {
  const [change, setChange] = useState<CommandLineChange | undefined>();
  // The field to focus once it is on screen: a switch of transport shows the URL field a render later.
  const focusNext = useRef<typeof COMMAND | typeof URL_FIELD | undefined>(undefined);
  useEffect(() => {
    const field = focusNext.current && (form.getFieldInstance(focusNext.current) as { focus?: () => void } | undefined);
    if (!field?.focus) return;
    focusNext.current = undefined;
    field.focus();
  });

  const before = (): Before => ({
    type: form.getFieldValue('type') as McpServerTransport,
    command: form.getFieldValue(COMMAND) as string | undefined,
    args: form.getFieldValue(ARGS) as string[] | undefined,
    url: form.getFieldValue(URL_FIELD) as string | undefined,
  });

  /** A command line becomes the command and its arguments (replacing the old ones: Undo brings them back). */
  const split = (text: string) => {
    const was = before();
    const [command = '', ...args] = splitCommandLine(text);
    form.setFieldValue(COMMAND, command);
    form.setFieldValue(ARGS, args);
    setChange({ kind: 'split', command, args: args.length, before: was });
    onValuesChange?.();
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!isCommandLine(text)) return;
    event.preventDefault();
    split(text);
  };

  const onBlur = () => {
    const text = form.getFieldValue(COMMAND) as string | undefined;
    if (splitsByItself(text)) split(text);
  };

  /** The URL typed into Command moves to the URL field of the transport it belongs to. */
  const switchToUrl = (text: string) => {
    const transport = urlTransportOf(text);
    if (!transport) return;
    const was = before();
    form.setFieldValue('type', transport);
    form.setFieldValue(URL_FIELD, text.trim());
    form.setFieldValue(COMMAND, undefined);
    setChange({ kind: 'url', transport, before: was });
    onValuesChange?.();
    // The Command field and the offer are gone; the work goes on in the URL field.
    focusNext.current = URL_FIELD;
  };

  const undo = () => {
    if (!change) return;
    const { type, command, args, url } = change.before;
    form.setFieldValue('type', type);
    form.setFieldValue(COMMAND, command);
    form.setFieldValue(ARGS, args);
    form.setFieldValue(URL_FIELD, url);
    setChange(undefined);
    onValuesChange?.();
    focusNext.current = COMMAND;
  };

  return { change, dismiss: () => setChange(undefined), split, onPaste, onBlur, switchToUrl, undo };
}
