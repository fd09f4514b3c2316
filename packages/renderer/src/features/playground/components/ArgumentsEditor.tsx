/**
 * A tool's arguments, two ways: the form generated from its input schema, and the raw JSON. Both
 * edit one draft: a form change rewrites the JSON, JSON that parses to an object updates the
 * form, and JSON that does not parse stays as typed with its error shown (the form keeps the
 * last valid arguments, and cannot be switched to until the JSON is fixed, so nothing typed is
 * overwritten).
 */
import Form from '@rjsf/antd';
import type RjsfForm from '@rjsf/core';
import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { Alert, Form as AntdForm, Flex, Input, Segmented, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cfworkerValidator } from '../model/cfworkerValidator';
import { FormBoundary } from './FormBoundary';
import { FIELD_TEMPLATES } from './fieldTemplates';
import { BUTTON_TEMPLATES } from './labelledButtons';
import { DEFAULTS_BEHAVIOR, formFallbackReason, formSchema, type FallbackReason } from '../model/formSupport';
import type { Draft, EditorMode } from '../model/playgroundSession';
import { useRjsfStrings } from '../hooks/useRjsfStrings';
import { isEmptyArrayItem, validationMessage } from '../model/validationMessages';

export const jsonText = (args: Record<string, unknown>) => JSON.stringify(args, null, 2);

/** The JSON box's text as arguments, or why it cannot be. */
export function parseArgs(text: string): { args: Record<string, unknown> } | { error: 'syntax' | 'notObject'; detail?: string } {
  if (text.trim() === '') return { args: {} };
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { args: value as Record<string, unknown> } : { error: 'notObject' };
  } catch (err) {
    return { error: 'syntax', detail: (err as Error).message };
  }
}

export interface ArgumentsEditorHandle {
  /** Shows the problems where they are (the form's on its fields) and focuses the first one. */
  showProblems: () => void;
}

/** A problem with the arguments, for the list under the JSON box. */
export interface ArgumentIssue {
  path: string;
  message: string;
  /** The pattern a value did not match, shown in small print under the words. */
  pattern?: string | undefined;
}

const TEMPLATES = { ButtonTemplates: BUTTON_TEMPLATES, ...FIELD_TEMPLATES };
/** rjsf's antd titles (of arrays and objects) read these, not the antd form context: left, no colon, like the labels. */
const FORM_CONTEXT = { colon: false, labelAlign: 'left' } as const;
const FOCUSABLE = 'input:not([type="hidden"]), textarea, select, button, [tabindex]:not([tabindex="-1"])';


interface ArgumentsEditorProps {
  toolName: string;
  schema: Record<string, unknown>;
  draft: Draft;
  onDraft: (draft: Draft) => void;
  /** Once a run was refused, the form checks as the person types. */
  liveValidate: boolean;
  /** Validation errors to list under the JSON box (the form shows its own on the fields). */
  jsonErrors: readonly ArgumentIssue[];
}

export const ArgumentsEditor = forwardRef<ArgumentsEditorHandle, ArgumentsEditorProps>(function ArgumentsEditorView(
  { toolName, schema, draft, onDraft, liveValidate, jsonErrors },
  ref,
) {
  const { t } = useTranslation(['playground', 'common']);
  const translateString = useRjsfStrings();
  const form = useRef<RjsfForm>(null);
  const formArea = useRef<HTMLDivElement>(null);
  const jsonBox = useRef<TextAreaRef>(null);
  const checkingAll = useRef(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [crashed, setCrashed] = useState(false);
  const fallback: FallbackReason | 'crashed' | undefined = useMemo(() => formFallbackReason(schema), [schema]) ?? (crashed ? 'crashed' : undefined);
  const rjsfSchema = useMemo<RJSFSchema>(() => formSchema(schema), [schema]);
  const parsed = useMemo(() => parseArgs(draft.text), [draft.text]);
  const jsonInvalid = 'error' in parsed;
  const mode: EditorMode = fallback ? 'json' : draft.mode;

  useImperativeHandle(
    ref,
    () => ({
      showProblems: () => {
        if (mode === 'form' && form.current) {
          checkingAll.current = true;
          try {
            form.current.validateForm();
          } finally {
            checkingAll.current = false;
          }
        }
        setFocusRequest((n) => n + 1);
      },
    }),
    [mode],
  );

  // After the marks are drawn: the first marked field in the order the form shows them (rjsf's own
  // focusing takes the validator's order, which is not the page's), or the JSON box.
  useEffect(() => {
    if (focusRequest === 0) return;
    if (mode === 'json') jsonBox.current?.focus();
    else formArea.current?.querySelector('.ant-form-item-has-error')?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [focusRequest, mode]);

  // An item just added is empty; while the form checks as the person types that is not yet a
  // mistake, so it is shown on the next run (which checks everything).
  const transformErrors = (errors: RJSFValidationError[]) =>
    errors
      .filter((error) => checkingAll.current || !isEmptyArrayItem(error))
      .map((error) => ({ ...error, message: validationMessage(error, rjsfSchema as Record<string, unknown>, t) }));

  const onText = (text: string) => {
    const next = parseArgs(text);
    onDraft({ ...draft, text, ...('args' in next && { args: next.args }) });
  };

  return (
    <Flex vertical gap="small" data-testid="playground-editor" data-mode={mode}>
      <Flex justify="space-between" align="center" gap="small" wrap>
        <Typography.Text strong>{t('arguments')}</Typography.Text>
        <Segmented<EditorMode>
          size="small"
          value={mode}
          onChange={(next) => onDraft({ ...draft, mode: next })}
          aria-label={t('mode.label')}
          options={[
            { value: 'form', label: t('mode.form'), disabled: fallback !== undefined || jsonInvalid },
            { value: 'json', label: t('mode.json') },
          ]}
        />
      </Flex>
      {fallback ? <Alert type="info" showIcon data-testid="playground-fallback" title={t(`fallback.${fallback}`)} /> : null}
      {mode === 'form' && Object.keys(rjsfSchema.properties ?? {}).length === 0 ? (
        <Typography.Text type="secondary" data-testid="playground-no-arguments">
          {t('noArguments')}
        </Typography.Text>
      ) : null}
      {mode === 'form' ? (
        <FormBoundary key={toolName} onError={() => setCrashed(true)}>
          {/* An antd form context (vertical, no colons) for rjsf's antd fields, without a second <form>. */}
          <AntdForm layout="vertical" colon={false} component={false}>
            <div className="elftia-playground-form" ref={formArea}>
              <Form
                ref={form}
                schema={rjsfSchema}
                formData={draft.args}
                validator={cfworkerValidator}
                onChange={(event) => {
                  const args = (event.formData ?? {}) as Record<string, unknown>;
                  onDraft({ ...draft, args, text: jsonText(args) });
                }}
                experimental_defaultFormStateBehavior={DEFAULTS_BEHAVIOR}
                liveValidate={liveValidate ? 'onChange' : false}
                showErrorList={false}
                noHtml5Validate
                transformErrors={transformErrors}
                translateString={translateString}
                templates={TEMPLATES}
                formContext={FORM_CONTEXT}
                idPrefix={`pg-${toolName}`}
                uiSchema={{ 'ui:submitButtonOptions': { norender: true } }}
                // The problems are on the fields and counted under the form; rjsf would also log them.
                onError={() => {}}
                // Ctrl/Cmd+Enter is the playground's run key; a plain Enter in a field must not submit.
                onSubmit={() => {}}
              />
            </div>
          </AntdForm>
        </FormBoundary>
      ) : (
        <>
          <Input.TextArea
            ref={jsonBox}
            value={draft.text}
            onChange={(e) => onText(e.target.value)}
            autoSize={{ minRows: 6, maxRows: 18 }}
            spellCheck={false}
            aria-label={t('jsonLabel', { tool: toolName })}
            aria-invalid={jsonInvalid || jsonErrors.length > 0}
            status={jsonInvalid || jsonErrors.length > 0 ? 'error' : ''}
            className="mono text-sm"
            data-testid="playground-json"
          />
          {'error' in parsed ? (
            <Flex vertical gap={2} role="alert" data-testid="playground-json-error">
              <Typography.Text type="danger">{parsed.error === 'syntax' ? t('json.syntax') : t('json.notObject')}</Typography.Text>
              {/* The parser's own words (where it stopped), in the engine's language: a detail, not the message. */}
              {parsed.detail ? <Typography.Text type="secondary" className="text-sm">{parsed.detail}</Typography.Text> : null}
            </Flex>
          ) : jsonErrors.length > 0 ? (
            <ul role="alert" data-testid="playground-json-issues" className="bullet-list">
              {jsonErrors.map((issue, index) => (
                <li key={index}>
                  <Typography.Text type="danger">
                    {issue.path ? <Typography.Text code>{issue.path}</Typography.Text> : null} {issue.message}
                  </Typography.Text>
                  {issue.pattern !== undefined ? (
                    <div>
                      <Typography.Text type="secondary" className="text-sm">
                        {t('validation.patternDetail', { pattern: issue.pattern })}
                      </Typography.Text>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </Flex>
  );
});
