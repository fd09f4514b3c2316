/**
 * The words rjsf itself puts in a form (its buttons, "Option 1", "Yes/No"), in the app's
 * language. rjsf passes its English string and `%1`-style parameters; the ones a tool form
 * shows are translated, the rest (messages about broken uiSchemas this playground never
 * writes) stay English.
 */
import { englishStringTranslator, replaceStringParameters, TranslatableString } from '@rjsf/utils';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const KEYS = {
  [TranslatableString.ArrayItemTitle]: 'item',
  [TranslatableString.EmptyArray]: 'emptyArray',
  [TranslatableString.YesLabel]: 'yes',
  [TranslatableString.NoLabel]: 'no',
  [TranslatableString.AddButton]: 'add',
  [TranslatableString.AddItemButton]: 'addItem',
  [TranslatableString.CopyButton]: 'copy',
  [TranslatableString.MoveDownButton]: 'moveDown',
  [TranslatableString.MoveUpButton]: 'moveUp',
  [TranslatableString.RemoveButton]: 'remove',
  [TranslatableString.ClearLabel]: 'clear',
  [TranslatableString.ClearButton]: 'clear',
  [TranslatableString.Type]: 'type',
  [TranslatableString.Value]: 'value',
  [TranslatableString.NewStringDefault]: 'newValue',
  [TranslatableString.OptionPrefix]: 'option',
  [TranslatableString.TitleOptionPrefix]: 'titleOption',
  [TranslatableString.KeyLabel]: 'key',
  [TranslatableString.OptionalObjectAdd]: 'optionalAdd',
  [TranslatableString.OptionalObjectRemove]: 'optionalRemove',
  [TranslatableString.OptionalObjectEmptyMsg]: 'optionalEmpty',
  [TranslatableString.DecrementAriaLabel]: 'decrement',
  [TranslatableString.IncrementAriaLabel]: 'increment',
} as const satisfies Partial<Record<TranslatableString, string>>;

export function useRjsfStrings() {
  const { t } = useTranslation(['playground', 'common']);
  return useCallback(
    (text: TranslatableString, params?: string[]) => {
      const key = (KEYS as Partial<Record<TranslatableString, (typeof KEYS)[keyof typeof KEYS]>>)[text];
      // Our sentences use %1/%2 as rjsf's do, so its own substitution fills them.
      return key ? replaceStringParameters(t(`rjsf.${key}`), params) : englishStringTranslator(text, params);
    },
    [t],
  );
}
