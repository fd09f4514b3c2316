import { Alert, Typography } from 'antd';
import { OutputBlock } from '@renderer/components/OutputBlock';
import type { AppErrorShape, IssueField } from '@shared/errors';
import { useTranslation } from 'react-i18next';
import { limitText } from './limitText';
import { translateError } from './translateError';
import { errorIssues, serverFailureData } from '@shared/errorData';

/**
 * A translated error, with the host's own message (and any validation issues) folded into
 * "Technical details": the sentence is for the person, the details are for a bug report. A
 * server's last stderr lines (`data.stderrTail`, already redacted by the host) are shown, not
 * folded: when a server dies, its own words are usually the only real explanation.
 */
export function ErrorAlert({
  error,
  title,
  testId,
  serverOutput = true,
}: {
  error: AppErrorShape;
  title?: string | undefined;
  testId?: string;
  /** Off where the screen shows the server's output itself (a connection test's stderr panel). */
  serverOutput?: boolean;
}) {
  const { t } = useTranslation();
  const { t: tErrors } = useTranslation('errors');
  const text = translateError(tErrors, error);
  const tail = serverOutput ? (serverFailureData(error)?.stderrTail ?? []) : [];
  const issues = errorIssues(error);
  // A limit is said in the person's language; any other issue keeps the host's words.
  const issueText = (issue: IssueField) => (issue.limit ? limitText(tErrors, issue.limit) : issue.message);
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
          {tail.length > 0 ? (
            <div data-testid="error-stderr-tail">
              <Typography.Text type="secondary">{t('error.serverOutput')}</Typography.Text>
              <OutputBlock label={t('error.serverOutput')} className="output-block-in-alert">
                {tail.join('\n')}
              </OutputBlock>
            </div>
          ) : null}
          <details>
            <summary>{t('error.details')}</summary>
            <Typography.Text code>{`${error.code}: ${error.message}`}</Typography.Text>
            {issues.length > 0 ? (
              <ul>
                {issues.map((issue, index) => (
                  <li key={`${issue.path}-${index}`}>
                    {issue.path ? <Typography.Text code>{issue.path}</Typography.Text> : null} {issueText(issue)}
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
