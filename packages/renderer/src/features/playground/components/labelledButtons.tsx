/**
 * rjsf's antd buttons (add, remove, move, copy, clear an array item) are icon-only, and their
 * accessible name would be the icon's ("plus-circle"): each gets its own words as its label.
 */
import { Templates } from '@rjsf/antd';
import { TranslatableString, type IconButtonProps, type TemplatesType } from '@rjsf/utils';
import type { ComponentType } from 'react';

type ButtonTemplates = TemplatesType['ButtonTemplates'];
const base = Templates.ButtonTemplates as ButtonTemplates;

function labelled(Button: ComponentType<IconButtonProps>, words: TranslatableString): ComponentType<IconButtonProps> {
  return function LabelledButton(props: IconButtonProps) {
    return <Button {...props} aria-label={props.registry.translateString(words)} />;
  };
}

export const BUTTON_TEMPLATES: Partial<ButtonTemplates> = {
  AddButton: labelled(base.AddButton, TranslatableString.AddItemButton),
  RemoveButton: labelled(base.RemoveButton, TranslatableString.RemoveButton),
  MoveUpButton: labelled(base.MoveUpButton, TranslatableString.MoveUpButton),
  MoveDownButton: labelled(base.MoveDownButton, TranslatableString.MoveDownButton),
  CopyButton: labelled(base.CopyButton, TranslatableString.CopyButton),
  ClearButton: labelled(base.ClearButton, TranslatableString.ClearButton),
};
