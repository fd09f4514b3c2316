/**
 * The state of one tool-call approval (ApprovalModal): the arguments as shown or edited, whether
 * the edit parses and differs, the identical calls that may be answered with it, and the answer
 * being sent. A refusal for bad arguments opens the editor; an answer to a call that no longer
 * waits closes the dialog with a word why.
 */
import { App } from 'antd';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalRequest } from '@shared/contracts/chat';
import type { AppErrorShape } from '@shared/errors';
import { translateError } from '@renderer/components/translateError';
import { useRouteMutation } from '@renderer/data/useRoute';
import { argumentIssueLines, formatArguments, parseArguments, sameArguments } from './approvalArguments';

export type Decision = 'allow_once' | 'allow_chat' | 'deny';

export function useApprovalDecision(request: ApprovalRequest, queue: readonly ApprovalRequest[], onDone: (requestIds: string[]) => void) {
  const { t: tErrors } = useTranslation('errors');
  const { message } = App.useApp();
  const original = useMemo(() => formatArguments(request.arguments), [request.arguments]);
  const [mode, setMode] = useState<'view' | 'edit'>('view');
  const [text, setText] = useState(original);
  const [includeIdentical, setIncludeIdentical] = useState(false);
  const [sending, setSending] = useState<Decision | undefined>();
  const respond = useRouteMutation('chat.approval_respond');
  const parsed = useMemo(() => parseArguments(text), [text]);
  const edited = parsed.ok && !sameArguments(parsed.value, request.arguments);
  const identical = queue.filter(
    (r) =>
      r.requestId !== request.requestId &&
      r.chatId === request.chatId &&
      r.serverId === request.serverId &&
      r.toolName === request.toolName &&
      sameArguments(r.arguments, request.arguments),
  ).length;

  const send = async (decision: Decision) => {
    if (decision !== 'deny' && !parsed.ok) return;
    setSending(decision);
    try {
      await respond.mutateAsync({
        requestId: request.requestId,
        decision,
        ...(decision !== 'deny' && edited && parsed.ok ? { arguments: parsed.value } : {}),
        includeIdentical: includeIdentical && identical > 0,
      });
      onDone([request.requestId]);
    } catch (err) {
      const error = err as AppErrorShape;
      if (error.code === 'CHAT_APPROVAL_NOT_PENDING') {
        void message.warning(translateError(tErrors, error));
        onDone([request.requestId]);
      } else if (error.code === 'VALIDATION_FAILED') setMode('edit');
    } finally {
      setSending(undefined);
    }
  };

  // Enter allows once, but a newline in the arguments editor is a newline; not while an IME composes.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLButtonElement) return;
    e.preventDefault();
    void send('allow_once');
  };

  return {
    mode,
    setMode,
    text,
    setText,
    /** Back to the arguments the model sent. */
    reset: () => setText(original),
    parsed,
    edited,
    identical,
    includeIdentical,
    setIncludeIdentical,
    issues: argumentIssueLines(respond.error),
    error: respond.error,
    sending,
    busy: sending !== undefined,
    send,
    onKeyDown,
  };
}
