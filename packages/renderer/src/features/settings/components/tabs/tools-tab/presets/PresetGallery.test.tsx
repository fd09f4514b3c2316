import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@renderer-testing/userEvent';
import type { PresetListItem } from '@shared/contracts/presets';
import { afterEach, describe, expect, it } from 'vitest';
import { SLOW, galleryHost, preset, renderGallery } from '@renderer-testing/galleryTestkit';

afterEach(cleanup);

const card = (id: string) => screen.getByTestId('preset-gallery').querySelector<HTMLElement>(`[data-testid="preset-card"][data-preset-id="${id}"]`);
const groupIds = () => screen.queryAllByTestId('preset-group').map((g) => g.getAttribute('data-category'));

// antd renders slowly on a shared machine; the bound only limits how long a failure takes.
describe('PresetGallery', { timeout: 120_000 }, () => {
  const items: PresetListItem[] = [
    { preset: preset('zai-vision'), installed: false, keyAvailableFrom: 'zai' },
    { preset: preset('brave-search'), installed: false },
    { preset: preset('zai-web-search'), installed: false, keyAvailableFrom: 'zai' },
    { preset: preset('memory'), installed: true, serverId: 'srv-memory' },
    { preset: preset('context7'), installed: false },
    { preset: preset('github'), installed: false },
  ];

  it('groups the presets by category and says what each needs and which key it would use', async () => {
    renderGallery(galleryHost(items, { npx: false }));
    await waitFor(() => expect(groupIds()).toEqual(['search', 'vision', 'code-repo', 'general']), SLOW);
    const search = screen.getAllByTestId('preset-group')[0]!;
    expect(within(search).getByRole('heading').textContent).toBe('Search · 2 presets');

    const vision = card('zai-vision')!;
    expect(vision.textContent).toContain('Z.AI Vision');
    expect(vision.textContent).toContain('by Z.AI');
    expect(vision.textContent).toContain('Understands images and videos');
    expect(vision.textContent).toContain('8 tools');
    expect(vision.textContent).toContain('+4 more');
    fireEvent.click(within(vision).getByRole('button', { name: '+4 more' }));
    expect(vision.textContent).not.toContain('+4 more');
    expect(vision.querySelectorAll('.preset-tool-name')).toHaveLength(8);
    expect(vision.textContent).toContain('API key in Z_AI_API_KEY');
    expect(within(vision).getByTestId('preset-link').textContent).toBe('Uses your Z.AI key');
    // deps.check answered "not found" for npx.
    await waitFor(() => expect(within(vision).getByTestId('preset-command').textContent).toBe('npx is not installed'), SLOW);

    expect(within(card('brave-search')!).getByTestId('preset-link').textContent).toBe('Needs a key');
    expect(card('context7')!.textContent).toContain('API key in CONTEXT7_API_KEY (optional)');
    expect(within(card('context7')!).getByTestId('preset-link').textContent).toBe('Key optional');
    // A hosted preset: the key travels as a header, and nothing runs locally.
    expect(card('github')!.textContent).toContain('API key in the Authorization: Bearer header');
    expect(card('github')!.textContent).toContain('Hosted · Streamable HTTP');
    expect(within(card('github')!).queryByTestId('preset-command')).toBeNull();
    // Memory takes no key at all.
    expect(within(card('memory')!).queryByTestId('preset-link')).toBeNull();
    expect(within(card('github')!).getByRole('link', { name: 'Docs for GitHub' }).getAttribute('href')).toBe(preset('github').documentationUrl);
  });

  it('shows a found command with its version', async () => {
    renderGallery(galleryHost(items, { npx: true }));
    await waitFor(() => expect(within(card('memory')!).getByTestId('preset-command').textContent).toBe('npx 10.9.0 found'), SLOW);
  });

  it('opens an installed preset instead of installing it again', async () => {
    renderGallery(galleryHost(items));
    await waitFor(() => expect(card('memory')).not.toBeNull(), SLOW);
    const memory = card('memory')!;
    expect(within(memory).getByTestId('preset-installed').textContent).toBe('Installed');
    expect(within(memory).queryByRole('button', { name: 'Install Memory' })).toBeNull();
    await userEvent.click(within(memory).getByRole('button', { name: 'Open Memory' }));
    expect(screen.getByTestId('nav-detail').textContent).toBe('srv-memory:tools');
  });

  it('filters by category and by a search over names, tools and translated descriptions', async () => {
    renderGallery(galleryHost(items));
    await waitFor(() => expect(groupIds()).toHaveLength(4), SLOW);

    const categories = screen.getByRole('radiogroup', { name: 'Category' });
    await userEvent.click(within(categories).getByText('Code & repositories'));
    expect(groupIds()).toEqual(['code-repo']);
    expect(screen.getAllByTestId('preset-card').map((c) => c.dataset.presetId)).toEqual(['context7', 'github']);

    await userEvent.click(within(categories).getByText('All'));
    const search = screen.getByRole('textbox', { name: 'Search presets' });
    // Typed in one go: what is tested is the filter, not the keystrokes.
    const type = (text: string) => fireEvent.change(search, { target: { value: text } });
    type('brave_news');
    expect(screen.getAllByTestId('preset-card').map((c) => c.dataset.presetId)).toEqual(['brave-search']);
    type('knowledge graph');
    expect(screen.getAllByTestId('preset-card').map((c) => c.dataset.presetId)).toEqual(['memory']);

    type('nothing like this');
    expect(screen.getByTestId('presets-empty').textContent).toContain('No preset matches “nothing like this”.');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getAllByTestId('preset-card')).toHaveLength(items.length);
  });

  it('is translated', async () => {
    renderGallery(galleryHost(items), 'ja');
    await waitFor(() => expect(card('zai-vision')).not.toBeNull(), SLOW);
    expect(within(card('zai-vision')!).getByTestId('preset-link').textContent).toBe('Z.AI のキーを使用');
    expect(screen.getAllByTestId('preset-group')[0]!.textContent).toContain('検索');
  });
});
