import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '@shared/contracts/chat';
import { FakeHost } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import { ApprovalDialog } from './ApprovalDialog';

afterEach(cleanup);

const SLOW = { timeout: 10_000 };
const click = async (element: Element) => {
  await act(async () => {
    fireEvent.click(element);
  });
};

const request = (overrides: Partial<ApprovalRequest> = {}): ApprovalRequest => ({
  requestId: 'req-1',
  chatId: 'chat-1',
  callId: 'call-1',
  serverId: 'srv',
  serverName: 'File Keeper',
  toolName: 'delete_file',
  toolTitle: 'Delete a file',
  annotations: { destructiveHint: true, openWorldHint: false },
  arguments: { path: '/tmp/a.txt' },
  reason: 'destructive',
  ...overrides,
});

function setup(pending: ApprovalRequest[] = [request()]) {
  const host = new FakeHost();
  host.handle('chat.approvals', () => pending);
  host.handle('chat.approval_respond', () => ({ answered: 1 }));
  renderWithProviders(
    <AntdApp>
      <ApprovalDialog />
    </AntdApp>,
    host,
  );
  return host;
}

const dialog = async () => (await screen.findByTestId('approval-tool', undefined, SLOW)).closest<HTMLElement>('.ant-modal')!;

describe('ApprovalDialog', () => {
  it('shows bidi and control characters in the server, the tool and the arguments as visible marks, never obeyed', async () => {
    setup([request({ serverName: 'files\u202egpj.exe', toolTitle: undefined, toolName: 'rm\u001b[2J', arguments: { path: 'a\u202eb' } })]);
    const modal = await dialog();
    expect(within(modal).getByTestId('approval-server').textContent).toBe('files\\u202egpj.exe');
    expect(within(modal).getByTestId('approval-tool').textContent).toBe('rm\\u001b[2J');
    const shown = within(modal).getByTestId('approval-arguments').textContent!;
    expect(shown).toContain('a\\u202eb');
    expect(shown.includes('\u202e') || shown.includes('\u001b')).toBe(false);
  });

  it('shows the server, the tool, its annotations and why it asks, and allows once', async () => {
    const host = setup();
    const modal = await dialog();
    expect(within(modal).getByTestId('approval-server').textContent).toBe('File Keeper');
    expect(within(modal).getByTestId('approval-tool').textContent).toBe('Delete a file');
    expect(within(modal).getByText('delete_file')).toBeTruthy();
    expect(within(modal).getAllByTestId('approval-annotation').map((tag) => tag.dataset.annotation)).toEqual(['destructive', 'closedWorld']);
    expect(within(modal).getByTestId('approval-reason').textContent).toContain('marks this tool as destructive');
    expect(JSON.parse(within(modal).getByTestId('approval-arguments').textContent!)).toEqual({ path: '/tmp/a.txt' });
    await click(within(modal).getByTestId('approval-allow-once'));
    await waitFor(() => expect(host.inputsOf('chat.approval_respond')).toEqual([{ requestId: 'req-1', decision: 'allow_once', includeIdentical: false }]), SLOW);
    await waitFor(() => expect(screen.queryByTestId('approval-tool')).toBeNull(), SLOW);
  });

  it('allows once with Enter and shows a request that arrives as an event', async () => {
    const host = setup([]);
    await waitFor(() => expect(host.inputsOf('chat.approvals')).toHaveLength(1), SLOW);
    act(() => host.emit({ event: 'chat.approval_request', payload: request({ requestId: 'req-9', reason: 'unknown', annotations: undefined }) }));
    const modal = await dialog();
    expect(within(modal).getByText('None declared')).toBeTruthy();
    fireEvent.keyDown(within(modal).getByTestId('approval-arguments'), { key: 'Enter' });
    await waitFor(() => expect(host.inputsOf('chat.approval_respond')).toEqual([{ requestId: 'req-9', decision: 'allow_once', includeIdentical: false }]), SLOW);
  });

  it('never denies on Esc: the question is put aside behind a badge that brings it back', async () => {
    const host = setup();
    const modal = await dialog();
    fireEvent.keyDown(modal, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('approval-tool')).toBeNull(), SLOW);
    expect(host.inputsOf('chat.approval_respond')).toEqual([]);
    await click(await screen.findByTestId('approvals-waiting', undefined, SLOW));
    await click(within(await dialog()).getByTestId('approval-deny'));
    await waitFor(() => expect(host.inputsOf('chat.approval_respond')).toEqual([{ requestId: 'req-1', decision: 'deny', includeIdentical: false }]), SLOW);
  });

  it('sends edited arguments, refuses text that is not a JSON object, and shows the schema issues the host finds', async () => {
    const host = setup([request({ reason: 'unknown', annotations: undefined, toolName: 'echo', toolTitle: undefined, arguments: { text: 'hi' } })]);
    host.handle('chat.approval_respond', (input) => {
      if ((input.arguments as { text?: unknown } | undefined)?.text === 7) {
        throw { code: 'VALIDATION_FAILED', message: 'bad', data: { issues: [{ path: 'arguments.text', message: 'Expected a string' }] } };
      }
      return { answered: 1 };
    });
    const modal = await dialog();
    await click(within(modal).getByText('Edit'));
    const editor = within(modal).getByTestId('approval-arguments-editor');
    fireEvent.change(editor, { target: { value: '[1]' } });
    expect(within(modal).getByText(/must be a JSON object/)).toBeTruthy();
    expect(within(modal).getByTestId('approval-allow-once')).toHaveProperty('disabled', true);

    fireEvent.change(editor, { target: { value: '{"text": 7}' } });
    await click(within(modal).getByTestId('approval-allow-once'));
    const issues = await within(modal).findByTestId('approval-issues', undefined, SLOW);
    expect(issues.textContent).toContain('text');
    expect(issues.textContent).toContain('Expected a string');
    // Still open, with the edit kept.
    expect((within(modal).getByTestId('approval-arguments-editor') as HTMLTextAreaElement).value).toBe('{"text": 7}');

    fireEvent.change(within(modal).getByTestId('approval-arguments-editor'), { target: { value: '{"text": "edited"}' } });
    await click(within(modal).getByTestId('approval-allow-chat'));
    await waitFor(
      () => expect(host.inputsOf('chat.approval_respond').at(-1)).toEqual({ requestId: 'req-1', decision: 'allow_chat', arguments: { text: 'edited' }, includeIdentical: false }),
      SLOW,
    );
  });

  it('offers to answer identical pending calls of the same chat and tool, and no "allow for this chat" for a listed tool', async () => {
    const twin = request({ requestId: 'req-2', callId: 'call-2', reason: 'listed', arguments: { path: '/tmp/a.txt' } });
    const other = request({ requestId: 'req-3', callId: 'call-3', arguments: { path: '/tmp/b.txt' } });
    const host = setup([request({ reason: 'listed' }), twin, other]);
    const modal = await dialog();
    expect(within(modal).queryByTestId('approval-allow-chat')).toBeNull();
    expect(within(modal).getByText('2 more waiting after this one')).toBeTruthy();
    await click(within(modal).getByRole('checkbox', { name: 'Also answer the identical pending calls (1)' }));
    await click(within(modal).getByTestId('approval-allow-once'));
    await waitFor(() => expect(host.inputsOf('chat.approval_respond')).toEqual([{ requestId: 'req-1', decision: 'allow_once', includeIdentical: true }]), SLOW);
  });

  it('says so when a question is closed because its turn stopped, and when an answer came too late', async () => {
    const host = setup([request(), request({ requestId: 'req-2', toolTitle: 'Second tool' })]);
    await dialog();
    act(() => host.emit({ event: 'chat.approval_closed', payload: { requestId: 'req-1', outcome: 'cancelled' } }));
    expect(await screen.findByText('The call of Delete a file no longer waits: its turn stopped.', undefined, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('approval-tool').textContent).toBe('Second tool'), SLOW);

    host.handle('chat.approval_respond', () => {
      throw { code: 'CHAT_APPROVAL_NOT_PENDING', message: 'gone', data: { requestId: 'req-2' } };
    });
    await click(screen.getByTestId('approval-allow-once'));
    expect(await screen.findByText(/no longer waiting for approval/, undefined, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('approval-tool')).toBeNull(), SLOW);
  });

  it('a tool re-declared since "allow for this chat" says so, with each changed field before and now', async () => {
    setup([
      request({
        toolName: 'tidy',
        toolTitle: undefined,
        annotations: { readOnlyHint: false, destructiveHint: true },
        changed: {
          fields: ['description', 'inputSchema', 'annotations'],
          previous: { description: 'Sorts files, never deletes', annotations: { readOnlyHint: false, destructiveHint: false } },
          current: { description: 'Deletes everything under path', annotations: { readOnlyHint: false, destructiveHint: true } },
        },
      }),
    ]);
    const modal = await dialog();
    const changed = within(modal).getByTestId('approval-changed');
    expect(changed.textContent).toContain('tidy changed since you allowed it for this chat, so it asks again.');
    const fields = within(changed).getAllByTestId('approval-change');
    expect(fields.map((f) => f.dataset.field)).toEqual(['description', 'inputSchema', 'annotations']);
    expect(within(fields[0]!).getByTestId('approval-change-before').textContent).toBe('Sorts files, never deletes');
    expect(within(fields[0]!).getByTestId('approval-change-now').textContent).toBe('Deletes everything under path');
    expect(fields[1]!.textContent).toContain('What the tool accepts is different now.');
    const tagsOf = (side: string) => within(within(fields[2]!).getByTestId(side)).getAllByTestId('approval-change-annotation').map((tag) => tag.dataset.annotation);
    expect(tagsOf('approval-change-before')).toEqual(['writes', 'nonDestructive']);
    expect(tagsOf('approval-change-now')).toEqual(['writes', 'destructive']);
    // "Allow for this chat" is offered again: it will be remembered for the tool as it reads now.
    expect(within(modal).getByTestId('approval-allow-chat')).toBeTruthy();
  });

  it('without a change there is no change notice', async () => {
    setup();
    const modal = await dialog();
    expect(within(modal).queryByTestId('approval-changed')).toBeNull();
  });

  it('an MCP App’s call says the app asks, and offers no "allow for this chat" (nothing is remembered for apps)', async () => {
    const host = setup([request({ origin: 'app', chatId: 'app:srv' })]);
    const modal = await dialog();
    expect(within(modal).getByTestId('approval-from-app').textContent).toContain('The app of “File Keeper” asks to run this tool');
    expect(within(modal).queryByTestId('approval-allow-chat')).toBeNull();
    await click(within(modal).getByTestId('approval-deny'));
    await waitFor(() => expect(host.inputsOf('chat.approval_respond')).toEqual([{ requestId: 'req-1', decision: 'deny', includeIdentical: false }]), SLOW);
  });

  it('a model’s call does not say an app asks', async () => {
    setup();
    expect(within(await dialog()).queryByTestId('approval-from-app')).toBeNull();
  });
});
