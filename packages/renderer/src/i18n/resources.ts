/**
 * The locale files. English, the source language and every other's fallback, is bundled into the
 * first screen; each other language is its own chunk (electron.vite.config.ts), fetched before
 * the first render when it is the person's language (main.tsx) or when chosen. Paths look like
 * `…/locales/en/settings/tools.json` → language `en`, namespace `settings/tools`.
 */
import type { Resource, ResourceLanguage } from 'i18next';
import { isLanguage, type Language } from './languages';

/**
 * One namespace per locale file: the shared text, the errors, the Tools tab, and one per feature
 * (locales/<language>/<feature>.json beside the feature's folder in src/features). i18next.d.ts
 * types each one's keys; `npm run i18n:check` finds every file under locales/ by itself.
 */
export const NAMESPACES = ['common', 'errors', 'settings/tools', 'chat', 'playground', 'providerKeys', 'providerPreview', 'serverRequests', 'toolCall', 'agents', 'registry'] as const;
export type Namespace = (typeof NAMESPACES)[number];

const sourceFiles = import.meta.glob<unknown>('../../../../locales/en/**/*.json', { eager: true, import: 'default' });
const otherFiles = import.meta.glob<unknown>(['../../../../locales/*/**/*.json', '!../../../../locales/en/**'], { import: 'default' });

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
    bucket[namespace] = content;
  }
  return resources;
}

/** English, in the first screen. */
export const sourceResources = buildResources(sourceFiles);

/** Every namespace of a language other than English, from its chunk. */
export async function loadLanguage(language: Language): Promise<ResourceLanguage> {
  const files = Object.entries(otherFiles).filter(([file]) => file.includes(`/locales/${language}/`));
  const loaded = await Promise.all(files.map(async ([file, load]) => [file, await load()] as const));
  return buildResources(Object.fromEntries(loaded))[language] ?? {};
}
