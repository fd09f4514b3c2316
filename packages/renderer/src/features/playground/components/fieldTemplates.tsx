/**
 * rjsf's antd field templates, worded for people: an array item is "tags, item 1" rather than
 * rjsf's "tags-1", and a field that does not match its pattern shows the pattern as a secondary
 * line under the sentence that says what is expected.
 */
import { Templates } from '@rjsf/antd';
import { errorId, type FieldErrorProps, type FieldTemplateProps, type TemplatesType } from '@rjsf/utils';
import { Typography } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { patternMessage } from '../model/validationMessages';

const BaseFieldTemplate = Templates.FieldTemplate as ComponentType<FieldTemplateProps>;

function ItemFieldTemplate(props: FieldTemplateProps) {
  const { t } = useTranslation(['playground', 'common']);
  const position = props.fieldPathId.path.at(-1);
  if (typeof position !== 'number') return <BaseFieldTemplate {...props} />;
  // rjsf titles the items of "tags" as "tags-1", "tags-2"; the array's own name is what comes before.
  const suffix = `-${position + 1}`;
  const field = props.label.endsWith(suffix) ? props.label.slice(0, -suffix.length) : props.label;
  return <BaseFieldTemplate {...props} label={t('rjsf.itemOf', { field, position: position + 1 })} />;
}

function PatternErrorTemplate({ errors = [], fieldPathId, schema }: FieldErrorProps) {
  const { t } = useTranslation(['playground', 'common']);
  if (errors.length === 0) return null;
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : undefined;
  const words = pattern === undefined ? undefined : patternMessage(schema, t);
  const id = errorId(fieldPathId);
  return (
    <div id={id}>
      {errors.map((error, index) => (
        <div key={index}>
          {error}
          {error === words ? (
            <div>
              <Typography.Text type="secondary" className="text-sm" data-testid="pattern-detail">
                {t('validation.patternDetail', { pattern })}
              </Typography.Text>
            </div>
          ) : null}
        </div>
      ))}
    </div>
  );
}

export const FIELD_TEMPLATES: Partial<Pick<TemplatesType, 'FieldTemplate' | 'FieldErrorTemplate'>> = {
  FieldTemplate: ItemFieldTemplate,
  FieldErrorTemplate: PatternErrorTemplate,
};
