import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import type { ElicitationRequest, ElicitationSchema } from '@shared/contracts/elicitation';
import { FakeHost } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import { ElicitationDialog } from './ElicitationDialog';

afterEach(cleanup);

const SLOW = { timeout: 10_000 };

/** fireEvent, not userEvent: a form of several fields is minutes of pointer simulation here. */
const click = async (element: Element) => {
  await act(async () => {
    fireEvent.click(element);
  });
};

const SCHEMA: ElicitationSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Your name', description: 'As it should appear on the badge' },
    age: { type: 'integer', title: 'Age', minimum: 0, default: 30 },
    colour: { type: 'string', title: 'Colour', oneOf: [{ const: 'r', title: 'Red' }, { const: 'g', title: 'Green' }], default: 'g' },
    city: { type: 'string', title: 'City', enum: ['Paris', 'Tokyo', 'Lima', 'Oslo', 'Cairo', 'Perth'] },
    news: { type: 'boolean', title: 'Newsletter', default: true },
  },
  required: ['name', 'colour'],
};

const request = (overrides: Partial<ElicitationRequest> = {}): ElicitationRequest =>
  ({
    requestId: 'req-1',
    serverId: 'srv',
    serverName: 'Badge Printer',
    message: 'Who should the badge be for?',
    toolName: 'print_badge',
    toolCallId: 'call-1',
    expiresAt: Date.now() + 600_000,
    mode: 'form',
    requestedSchema: SCHEMA,
    ...overrides,
  }) as ElicitationRequest;

function setup(pending: ElicitationRequest[] = []) {
  const host = new FakeHost();
  host.handle('mcp.elicitations', () => pending);
  host.handle('mcp.elicitation_respond', () => ({ answered: true }));
  renderWithProviders(
    <AntdApp>
      <ElicitationDialog />
    </AntdApp>,
    host,
  );
  return host;
}

const ask = async (host: FakeHost, req: ElicitationRequest) => {
  // The dialog asks for what is already waiting first; an event before that answer is still shown.
  await waitFor(() => expect(host.inputsOf('mcp.elicitations')).toHaveLength(1), SLOW);
  act(() => host.emit({ event: 'mcp.elicitation_request', payload: req }));
  return screen.findByTestId('elicitation-message', undefined, SLOW);
};
const dialog = () => screen.getByTestId('elicitation-message').closest<HTMLElement>('.ant-modal')!;

describe('ElicitationDialog', () => {
  it('shows the question with the defaults filled and sends the accepted answer', async () => {
    const host = setup();
    expect((await ask(host, request())).textContent).toBe('Who should the badge be for?');
    expect(within(dialog()).getByText('Badge Printer asks you')).toBeTruthy();
    expect(within(dialog()).getByText('While running the tool print_badge')).toBeTruthy();
    expect(within(dialog()).getByText('As it should appear on the badge')).toBeTruthy();
    expect((within(dialog()).getByLabelText('Age') as HTMLInputElement).value).toBe('30');
    expect((within(dialog()).getByRole('radio', { name: 'Green' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog()).getByRole('checkbox', { name: /Newsletter/ }) as HTMLInputElement).checked).toBe(true);
    // Focus starts in the dialog, on its first field.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog()).getByLabelText('Your name')), SLOW);

    fireEvent.change(within(dialog()).getByLabelText('Your name'), { target: { value: 'Ada' } });
    await click(within(dialog()).getByRole('radio', { name: 'Red' }));
    fireEvent.mouseDown(within(dialog()).getByRole('combobox', { name: 'City' }));
    await click(await screen.findByTitle('Tokyo', undefined, SLOW));
    await click(within(dialog()).getByTestId('elicitation-accept'));

    await waitFor(
      () =>
        expect(host.inputsOf('mcp.elicitation_respond')).toEqual([
          { requestId: 'req-1', action: 'accept', content: { name: 'Ada', age: 30, colour: 'r', city: 'Tokyo', news: true } },
        ]),
      SLOW,
    );
    await waitFor(() => expect(screen.queryByTestId('elicitation-message')).toBeNull(), SLOW);
  });

  it('marks a missing required field and sends nothing until it is filled', async () => {
    const host = setup();
    await ask(host, request());
    await click(within(dialog()).getByTestId('elicitation-accept'));
    expect(await within(dialog()).findByText('Your name is required', undefined, SLOW)).toBeTruthy();
    expect(host.inputsOf('mcp.elicitation_respond')).toEqual([]);
  });

  it('answers with Enter in a text field, as any form does', async () => {
    const host = setup();
    await ask(host, request());
    const name = within(dialog()).getByLabelText('Your name');
    fireEvent.change(name, { target: { value: 'Grace' } });
    fireEvent.keyDown(name, { key: 'Enter' });
    await waitFor(
      () => expect(host.inputsOf('mcp.elicitation_respond')).toEqual([{ requestId: 'req-1', action: 'accept', content: { name: 'Grace', age: 30, colour: 'g', news: true } }]),
      SLOW,
    );
  });

  it('declines and cancels without content', async () => {
    const host = setup([request(), request({ requestId: 'req-2', message: 'Second question' })]);
    expect((await screen.findByTestId('elicitation-message', undefined, SLOW)).textContent).toBe('Who should the badge be for?');
    expect(within(dialog()).getByText(/1 more question waiting/)).toBeTruthy();
    await click(within(dialog()).getByTestId('elicitation-decline'));
    await waitFor(() => expect(screen.getByTestId('elicitation-message').textContent).toBe('Second question'), SLOW);
    await click(within(dialog()).getByTestId('elicitation-cancel'));
    await waitFor(() => expect(screen.queryByTestId('elicitation-message')).toBeNull(), SLOW);
    expect(host.inputsOf('mcp.elicitation_respond')).toEqual([
      { requestId: 'req-1', action: 'decline' },
      { requestId: 'req-2', action: 'cancel' },
    ]);
  });

  it('puts the host’s objections on the fields they name', async () => {
    const host = setup();
    host.handle('mcp.elicitation_respond', () => {
      throw {
        code: 'ELICITATION_INVALID_CONTENT',
        message: 'does not fit',
        data: { serverName: 'Badge Printer', issues: [{ path: 'content.name', message: 'Your name is taken' }] },
      };
    });
    await ask(host, request());
    fireEvent.change(within(dialog()).getByLabelText('Your name'), { target: { value: 'Ada' } });
    await click(within(dialog()).getByTestId('elicitation-accept'));
    expect(await within(dialog()).findByText('Your name is taken', undefined, SLOW)).toBeTruthy();
    expect(screen.getByTestId('elicitation-message')).toBeTruthy();
  });

  it('closes when the server stops waiting, and says so', async () => {
    const host = setup();
    await ask(host, request());
    act(() => host.emit({ event: 'mcp.elicitation_closed', payload: { requestId: 'req-1', serverId: 'srv', reason: 'withdrawn' } }));
    await waitFor(() => expect(screen.queryByTestId('elicitation-message')).toBeNull(), SLOW);
    expect(await screen.findByText('Badge Printer stopped waiting for an answer.', undefined, SLOW)).toBeTruthy();
  });

  it('shows the page a URL question would open, and opens it only on accept', async () => {
    const host = setup();
    const opened: unknown[][] = [];
    const original = window.open;
    window.open = (...args: unknown[]) => {
      opened.push(args);
      return null;
    };
    try {
      await ask(host, request({ mode: 'url', url: 'https://example.com/sign-in', message: 'Sign in to continue' } as Partial<ElicitationRequest>));
      expect(within(dialog()).getByTestId('elicitation-url').textContent).toContain('https://example.com/sign-in');
      expect(opened).toEqual([]);
      await click(within(dialog()).getByRole('button', { name: /Open link/ }));
      await waitFor(() => expect(host.inputsOf('mcp.elicitation_respond')).toEqual([{ requestId: 'req-1', action: 'accept' }]), SLOW);
      expect(opened).toEqual([['https://example.com/sign-in', '_blank', 'noopener,noreferrer']]);
    } finally {
      window.open = original;
    }
  });

  it('speaks the person’s language', async () => {
    const host = new FakeHost();
    host.handle('mcp.elicitations', () => [request()]);
    renderWithProviders(
      <AntdApp>
        <ElicitationDialog />
      </AntdApp>,
      host,
      'ja',
    );
    await screen.findByTestId('elicitation-message', undefined, SLOW);
    expect(within(dialog()).getByText('Badge Printer からの質問')).toBeTruthy();
    // antd spaces out a two-character CJK button label ("承 認").
    expect(within(dialog()).getByTestId('elicitation-accept').textContent?.replace(/\s/g, '')).toBe('承認');
  });
});
