/**
 * The LLM provider keys that presets and the chat use. A lazy part, shown by the Tools tab's keys
 * section and by a sampling request that finds no usable model.
 */
import { lazyComponent } from '@renderer/components/lazy/lazyComponent';

export const ProviderKeys = lazyComponent(() => import('./components/ProviderKeys').then((m) => m.ProviderKeys));
