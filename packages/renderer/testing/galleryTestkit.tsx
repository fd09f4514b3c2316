/** What the preset component tests share: catalog entries, a host answering the gallery's routes, and the gallery rendered in its tab. */
import { App as AntdApp } from 'antd';
import type { PresetListItem } from '@shared/contracts/presets';
import { OFFICIAL_MCP_PRESETS } from '@shared/mcp-presets';
import { FakeHost } from './FakeHost';
import { renderWithProviders } from './renderWithApp';
import type { Language } from '../src/i18n/languages';
import { ToolsTabNavProvider, useToolsTabNav } from '../src/features/settings/components/tabs/tools-tab/ToolsTabNav';
import { PresetGallery } from '../src/features/settings/components/tabs/tools-tab/presets/PresetGallery';

export const preset = (id: string) => OFFICIAL_MCP_PRESETS.find((p) => p.id === id)!;

/** A busy machine renders antd slowly: a wait bounds how long a failure takes, never what passes. */
export const SLOW = { timeout: 10_000 };

/** Where the gallery navigated: the detail or form it opened, as text. */
function NavProbe() {
  const nav = useToolsTabNav();
  return (
    <>
      <output data-testid="nav-detail">{nav.detail ? `${nav.detail.serverId}:${nav.detail.pane}` : ''}</output>
      <output data-testid="nav-form">{nav.form && nav.form.mode !== 'add' ? `${nav.form.mode}:${nav.form.serverId}` : ''}</output>
    </>
  );
}

export function galleryHost(items: PresetListItem[], found: Record<string, boolean> = { npx: true }): FakeHost {
  return new FakeHost()
    .handle('presets.list', () => items)
    .handle('providers.list', () => [])
    .handle('deps.check', ({ command }) => ({
      command,
      found: found[command] ?? false,
      source: 'login-shell' as const,
      ...(found[command] ? { path: `/usr/bin/${command}`, version: '10.9.0' } : {}),
    }));
}

export function renderGallery(host: FakeHost, language: Language = 'en') {
  return renderWithProviders(
    <AntdApp>
      <ToolsTabNavProvider initialSection="presets">
        <PresetGallery />
        <NavProbe />
      </ToolsTabNavProvider>
    </AntdApp>,
    host,
    language,
  );
}

