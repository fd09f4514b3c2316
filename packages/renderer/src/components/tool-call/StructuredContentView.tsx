import { Alert, Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { JsonView } from './JsonView';
import { checkOutput } from './outputSchemaCheck';

/**
 * structuredContent as JSON, and what checking it against the tool's outputSchema found, in
 * words. An error result is not checked: the schema promises the shape of a success.
 */
export function StructuredContentView({
  value,
  outputSchema,
  isError,
  fileStem,
}: {
  value: Record<string, unknown>;
  outputSchema?: Record<string, unknown> | undefined;
  isError: boolean;
  fileStem: string;
}) {
  const { t } = useTranslation(['toolCall', 'common']);
  const check = useMemo(() => (outputSchema && !isError ? checkOutput(outputSchema, value) : undefined), [outputSchema, value, isError]);
  return (
    <Flex vertical gap={8} data-testid="structured-content">
      <JsonView title={t('structured.title')} value={value} copyLabel={t('copy.structured')} fileStem={`${fileStem}-structured`} />
      {check?.status === 'valid' ? <Alert type="success" showIcon data-testid="schema-valid" title={t('structured.valid')} /> : null}
      {check?.status === 'invalid' ? (
        <Alert
          type="warning"
          showIcon
          data-testid="schema-invalid"
          title={t('structured.invalid', { count: check.issues.length })}
          description={
            <ul className="bullet-list">
              {check.issues.map((issue, index) => (
                <li key={`${issue.path}-${index}`} data-testid="schema-issue">
                  <Typography.Text code>{issue.path || t('structured.root')}</Typography.Text> {issue.message}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      {check?.status === 'unusable' ? (
        <Alert
          type="warning"
          showIcon
          data-testid="schema-unusable"
          title={t('structured.unusable')}
          description={<Typography.Text code>{check.message}</Typography.Text>}
        />
      ) : null}
      {check || isError ? null : (
        <Typography.Text type="secondary" className="text-sm">
          {t('structured.noSchema')}
        </Typography.Text>
      )}
    </Flex>
  );
}
