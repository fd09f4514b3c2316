/**
 * Typed translation keys: `t('settings/tools:list.title')` is checked against the English
 * resources, so a missing key (or an error code without a sentence) fails `tsc`, not a person.
 * English is the source language; `npm run i18n:check` keeps zh and ja in step with it.
 */
import type common from '@locales/en/common.json';
import type errors from '@locales/en/errors.json';
import type tools from '@locales/en/settings/tools.json';
import type chat from '@locales/en/chat.json';
import type playground from '@locales/en/playground.json';
import type providerKeys from '@locales/en/providerKeys.json';
import type providerPreview from '@locales/en/providerPreview.json';
import type serverRequests from '@locales/en/serverRequests.json';
import type toolCall from '@locales/en/toolCall.json';
import type agents from '@locales/en/agents.json';
import type registry from '@locales/en/registry.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      errors: typeof errors;
      'settings/tools': typeof tools;
      chat: typeof chat;
      playground: typeof playground;
      providerKeys: typeof providerKeys;
      providerPreview: typeof providerPreview;
      serverRequests: typeof serverRequests;
      toolCall: typeof toolCall;
      agents: typeof agents;
      registry: typeof registry;
    };
  }
}
