/**
 * Every locale file is bundled at build time: the app works offline and from file:// in
 * Electron, and there is no loading state for text. Paths look like
 * `…/locales/en/settings/tools.json` → language `en`, namespace `settings/tools`.
 */
import type { Resource, ResourceLanguage } from 'i18next';
import { isLanguage } from './languages';

export const NAMESPACES = ['common', 'errors', 'settings/tools'] as const;
export type Namespace = (typeof NAMESPACES)[number];

const files = import.meta.glob<unknown>('../../../../locales/*/**/*.json', { eager: true, import: 'default' });

export function buildResources(modules: Record<string, unknown>): Resource {
  const resources: Resource = {};
  for (const [file, content] of Object.entries(modules)) {
    const match = /\/locales\/([^/]+)\/(.+)\.json$/.exec(file);
    const language = match?.[1];
    const namespace = match?.[2];
    if (!language || !namespace || !isLanguage(language)) continue;
    if (typeof content !== 'object' || content === null || Array.isArray(content)) {
      throw new Error(`Locale file ${file} must contain a JSON object`);
    }
    const bucket: ResourceLanguage = (resources[language] ??= {});
    bucket[namespace] = content as ResourceLanguage[string];
  }
  return resources;
}

export const resources = buildResources(files);
