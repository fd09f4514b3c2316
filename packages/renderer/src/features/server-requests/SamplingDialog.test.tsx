import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SamplingRequest } from '@shared/contracts/chat';
import type { LlmProvider } from '@shared/contracts/providers';
import { FakeHost } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import { SamplingDialog } from './SamplingDialog';

const SLOW = { timeout: 10_000 };
const click = async (element: Element) => {
  await act(async () => {
    fireEvent.click(element);
  });
};

beforeEach(() => localStorage.removeItem('elftia.sampling.model'));
afterEach(() => {
  cleanup();
  localStorage.removeItem('elftia.sampling.model');
});

const request = (overrides: Partial<SamplingRequest> = {}): SamplingRequest => ({
  requestId: 'smp-1',
  serverId: 'srv',
  serverName: 'Summarizer',
  messages: [{ role: 'user', text: 'Summarize the report' }],
  systemPrompt: 'Be terse',
  maxTokens: 64,
  modelHints: ['claude-3'],
  expiresAt: Date.now() + 600_000,
  ...overrides,
});

const provider = (id: LlmProvider['id'], hasKey: boolean, baseUrl?: string): LlmProvider => ({ id, name: id === 'openai' ? 'OpenAI' : id, hasKey, ...(baseUrl ? { baseUrl } : {}) });

function setup(providers: LlmProvider[]) {
  const host = new FakeHost();
  host.handle('mcp.sampling_requests', () => [request()]);
  host.handle('providers.list', () => providers);
  host.handle('presets.list', () => []);
  host.handle('chat.models', ({ providerId }) => ({ models: [`${providerId}-large`, `${providerId}-small`], listed: true }));
  // The port's contract in miniature: the draft is made from what was sent.
  host.handle('mcp.sampling_generate', (input) => ({ text: `draft for ${input.messages?.[0]?.text} (${input.maxTokens})`, model: `${input.model}-2025`, stopReason: 'endTurn' }));
  host.handle('mcp.sampling_respond', () => ({ answered: true }));
  renderWithProviders(
    <AntdApp>
      <SamplingDialog />
    </AntdApp>,
    host,
  );
  return host;
}

const dialog = async () => (await screen.findByTestId('sampling-decline', undefined, SLOW)).closest<HTMLElement>('.ant-modal')!;

describe('SamplingDialog', () => {
  it('shows the request, generates from the edited request on the chosen model, and sends the reviewed draft', async () => {
    const host = setup([provider('openai', true), provider('anthropic', false), provider('openai-compatible', false)]);
    const modal = await dialog();
    expect(within(modal).getByText('Summarizer asks for a model answer')).toBeTruthy();
    expect((within(modal).getByLabelText('User') as HTMLTextAreaElement).value).toBe('Summarize the report');
    expect(within(modal).getByText('The server prefers: claude-3')).toBeTruthy();
    expect((within(modal).getByLabelText('System prompt') as HTMLTextAreaElement).value).toBe('Be terse');
    // Only providers a model can be asked through are offered.
    await waitFor(() => expect(within(modal).getByTestId('sampling-provider').textContent).toBe('OpenAI'), SLOW);
    expect(within(modal).getByTestId('sampling-generate')).toHaveProperty('disabled', true);

    fireEvent.change(within(modal).getByLabelText('User'), { target: { value: 'Summarize briefly' } });
    fireEvent.change(within(modal).getByLabelText('Max tokens'), { target: { value: '20' } });
    fireEvent.change(within(modal).getByRole('combobox', { name: 'Model' }), { target: { value: 'gpt-x' } });
    await click(within(modal).getByTestId('sampling-generate'));
    await waitFor(
      () =>
        expect(host.inputsOf('mcp.sampling_generate')).toEqual([
          { requestId: 'smp-1', providerId: 'openai', model: 'gpt-x', messages: [{ role: 'user', text: 'Summarize briefly' }], systemPrompt: 'Be terse', maxTokens: 20 },
        ]),
      SLOW,
    );
    const draft = within(modal).getByTestId('sampling-draft') as HTMLTextAreaElement;
    await waitFor(() => expect(draft.value).toBe('draft for Summarize briefly (20)'), SLOW);
    expect(JSON.parse(localStorage.getItem('elftia.sampling.model')!)).toEqual({ providerId: 'openai', model: 'gpt-x' });

    fireEvent.change(draft, { target: { value: 'My own summary' } });
    await click(within(modal).getByTestId('sampling-send'));
    await waitFor(
      () => expect(host.inputsOf('mcp.sampling_respond')).toEqual([{ requestId: 'smp-1', decision: 'send', text: 'My own summary', model: 'gpt-x-2025' }]),
      SLOW,
    );
    await waitFor(() => expect(screen.queryByTestId('sampling-decline')).toBeNull(), SLOW);
  });

  it('remembers the last provider and model', async () => {
    localStorage.setItem('elftia.sampling.model', JSON.stringify({ providerId: 'openai-compatible', model: 'llama3' }));
    setup([provider('openai', true), provider('openai-compatible', false, 'http://127.0.0.1:11434/v1')]);
    const modal = await dialog();
    await waitFor(() => expect(within(modal).getByTestId('sampling-provider').textContent).toBe('openai-compatible'), SLOW);
    expect((within(modal).getByRole('combobox', { name: 'Model' }) as HTMLInputElement).value).toBe('llama3');
  });

  it('says why Send cannot be pressed without a model name, and leads to the field', async () => {
    setup([provider('openai', true)]);
    const modal = await dialog();
    const send = within(modal).getByTestId('sampling-send');
    const blocked = await within(modal).findByTestId('sampling-send-blocked', undefined, SLOW);
    expect(blocked.textContent).toContain('Send needs a model name: choose one under Model or type it.');
    expect((send as HTMLButtonElement).disabled).toBe(true);
    expect(document.getElementById(send.getAttribute('aria-describedby')!)?.textContent).toContain('Send needs a model name');
    await click(within(blocked).getByRole('button', { name: 'Go to Model' }));
    expect(document.activeElement).toBe(within(modal).getByRole('combobox', { name: 'Model' }));

    // With a model, what is missing is the answer itself.
    fireEvent.change(within(modal).getByRole('combobox', { name: 'Model' }), { target: { value: 'gpt-x' } });
    expect(within(modal).getByTestId('sampling-send-blocked').textContent).toBe('Generate a draft, or write the answer yourself, to send it.');
    fireEvent.change(within(modal).getByTestId('sampling-draft'), { target: { value: 'My answer' } });
    expect(within(modal).queryByTestId('sampling-send-blocked')).toBeNull();
    expect((send as HTMLButtonElement).disabled).toBe(false);
  });

  it('says clearly when no model is configured, leads to the keys, and can decline', async () => {
    const host = setup([provider('openai', false), provider('openai-compatible', false)]);
    const modal = await dialog();
    expect((await within(modal).findByTestId('sampling-no-model', undefined, SLOW)).textContent).toContain('No model is configured');
    expect(within(modal).queryByTestId('sampling-generate')).toBeNull();
    expect(within(modal).queryByTestId('sampling-draft')).toBeNull();
    await click(within(modal).getByTestId('sampling-open-keys'));
    expect(await screen.findByTestId('provider-keys', undefined, SLOW)).toBeTruthy();
    await click(within(modal).getByTestId('sampling-decline'));
    await waitFor(() => expect(host.inputsOf('mcp.sampling_respond')).toEqual([{ requestId: 'smp-1', decision: 'decline' }]), SLOW);
  });

  it('puts the request aside on Esc without declining it', async () => {
    const host = setup([provider('openai', true)]);
    fireEvent.keyDown(await dialog(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('sampling-decline')).toBeNull(), SLOW);
    expect(host.inputsOf('mcp.sampling_respond')).toEqual([]);
    await click(await screen.findByTestId('sampling-waiting', undefined, SLOW));
    expect(await dialog()).toBeTruthy();
  });
});
