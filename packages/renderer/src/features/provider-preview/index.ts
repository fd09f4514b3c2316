/**
 * What each LLM provider would receive for the MCP tools: for every server (the button beside the
 * server list) or one (a server detail's pane). The converters load with the preview, never with
 * the first screen: the chat's tool budget imports model/providerPreview from its own chunk.
 */
import { lazyComponent } from '@renderer/components/lazy/lazyComponent';

export { ProviderPreviewButton } from './components/ProviderPreviewButton';
export const ServerPreviewPane = lazyComponent(() => import('./components/ServerPreviewPane').then((m) => m.ServerPreviewPane));
