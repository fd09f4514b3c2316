import { Alert, Typography } from 'antd';
import type { AppErrorShape } from '@shared/errors';
import { useTranslation } from 'react-i18next';
import { translateError } from './translateError';

interface Issue {
  path: string;
  message: string;
}

const isIssue = (value: unknown): value is Issue =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<Issue>).path === 'string' &&
  typeof (value as Partial<Issue>).message === 'string';

/**
 * A translated error, with the host's own message (and any validation issues) folded into
 * "Technical details": the sentence is for the person, the details are for a bug report.
 */
export function ErrorAlert({ error, title, testId }: { error: AppErrorShape; title?: string; testId?: string }) {
  const { t } = useTranslation();
  const { t: tErrors } = useTranslation('errors');
  const text = translateError(tErrors, error);
  const rawIssues = error.data?.issues;
  const issues = Array.isArray(rawIssues) ? rawIssues.filter(isIssue) : [];
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid={testId}
      title={title ?? text}
      description={
        <>
          {title ? <div>{text}</div> : null}
          <details>
            <summary>{t('error.details')}</summary>
            <Typography.Text code>{`${error.code}: ${error.message}`}</Typography.Text>
            {issues.length > 0 ? (
              <ul>
                {issues.map((issue, index) => (
                  <li key={`${issue.path}-${index}`}>
                    {issue.path ? <Typography.Text code>{issue.path}</Typography.Text> : null} {issue.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </details>
        </>
      }
    />
  );
}
