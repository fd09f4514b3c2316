/**
 * The controls of a requested form, straight on antd (the spec's forms are flat and few-typed,
 * so a general JSON-schema form would add nothing but weight). Each field is checked as the
 * host will check it (`checkField`), with the problem in the person's language.
 */
import { Checkbox, Form, Input, InputNumber, Radio, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { checkField, type ElicitationField, type FieldProblem } from '@mcp-common/elicitationForm';
import { LazyBoundary } from '@renderer/components/lazy/LazyBoundary';
import { lazyComponent } from '@renderer/components/lazy/lazyComponent';
import { answerValue, type FormValue } from './elicitationValues';

/** antd's date picker is its largest control: it loads only for a question that asks for a date. */
const DatePicker = lazyComponent(() => import('antd/es/date-picker').then((m) => m.default));

/** Up to this many choices show as radio buttons or checkboxes, all visible; more go in a select. */
const INLINE_CHOICES = 5;

export function useProblemText() {
  const { t } = useTranslation('serverRequests');
  return (field: ElicitationField, problem: FieldProblem): string => {
    const values = { field: field.label, ...('limit' in problem ? { limit: problem.limit } : {}) };
    switch (problem.code) {
      case 'type':
        return t(`problems.type_${problem.expected}`, values);
      case 'format':
        return t(`problems.format_${problem.format}`, values);
      default:
        return t(`problems.${problem.code}`, values);
    }
  };
}

/** `control` is what Form.Item injects (id, value or checked, onChange): it goes on the real control. */
function FieldControl({ field, ...control }: { field: ElicitationField }) {
  const { t } = useTranslation('serverRequests');
  const testId = `elicitation-field-${field.name}`;
  switch (field.kind) {
    case 'boolean':
      return (
        <Checkbox data-testid={testId} {...control}>
          {t('dialog.yes')}
        </Checkbox>
      );
    case 'number':
      return (
        <InputNumber
          data-testid={testId} {...control}
          {...(field.minimum !== undefined && { min: field.minimum })}
          {...(field.maximum !== undefined && { max: field.maximum })}
          {...(field.integer && { precision: 0 })}
          className="full-width"
        />
      );
    case 'choice':
      return field.options.length <= INLINE_CHOICES ? (
        <Radio.Group data-testid={testId} {...control}>
          {field.options.map((o) => (
            <Radio key={o.value} value={o.value}>
              {o.label}
            </Radio>
          ))}
        </Radio.Group>
      ) : (
        <Select
         
          data-testid={testId} {...control}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear={!field.required}
          placeholder={t('dialog.choose')}
          options={field.options}
        />
      );
    case 'multi':
      return field.options.length <= INLINE_CHOICES ? (
        <Checkbox.Group data-testid={testId} {...control} options={field.options} />
      ) : (
        <Select
         
          data-testid={testId} {...control}
          mode="multiple"
          placeholder={t('dialog.chooseMany')}
          options={field.options}
          showSearch={{ optionFilterProp: 'label' }}
        />
      );
    case 'text':
      if (field.format === 'date' || field.format === 'date-time') {
        return (
          <LazyBoundary fallback={<Input disabled placeholder={t(`dialog.formatHint.${field.format}`)} />}>
            <DatePicker
              data-testid={testId}
              {...control}
              showTime={field.format === 'date-time'}
              placeholder={t(`dialog.formatHint.${field.format}`)}
              className="full-width"
            />
          </LazyBoundary>
        );
      }
      return (
        <Input
         
          data-testid={testId} {...control}
          type={field.format === 'email' ? 'email' : field.format === 'uri' ? 'url' : 'text'}
          maxLength={field.maxLength}
          placeholder={field.format ? t(`dialog.formatHint.${field.format}`) : undefined}
        />
      );
  }
}

export function ElicitationFields({ fields }: { fields: readonly ElicitationField[] }) {
  const problemText = useProblemText();
  return fields.map((field) => {
    const rule: Rule = {
      validator: async (_, value: FormValue) => {
        const problem = checkField(field, answerValue(field, value));
        if (problem) throw new Error(problemText(field, problem));
      },
    };
    return (
      <Form.Item
        key={field.name}
        name={field.name}
        label={field.label}
        required={field.required}
        extra={field.description}
        rules={[rule]}
        valuePropName={field.kind === 'boolean' ? 'checked' : 'value'}
        className="mb-md"
      >
        <FieldControl field={field} />
      </Form.Item>
    );
  });
}
