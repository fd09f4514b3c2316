import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { JsonSyntaxReason } from '@mcp-common/jsonText';

export interface JsonSyntaxProblem {
  line: number;
  column: number;
  reason: JsonSyntaxReason;
}

/** The problem's line with the one before it and a caret under the column, as an editor shows it. */
function excerpt(text: string, line: number): { number: number; text: string }[] {
  const lines = text.split('\n');
  const from = Math.max(1, line - 1);
  return lines.slice(from - 1, line).map((content, i) => ({ number: from + i, text: content.replace(/\r$/, '') }));
}

/** Bad JSON: where (line and column), why, and the offending line itself. */
export function JsonSyntaxAlert({ problem, text }: { problem: JsonSyntaxProblem; text: string | undefined }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const lines = text === undefined ? [] : excerpt(text, problem.line);
  const gutter = String(problem.line).length;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="import-syntax-error"
      title={t('import.syntax.title')}
      description={
        <>
          <Typography.Text>
            {t('import.syntax.at', { line: problem.line, column: problem.column, reason: t(`import.syntax.reasons.${problem.reason}`) })}
          </Typography.Text>
          {lines.length > 0 ? (
            <pre
              aria-label={t('import.syntax.lineLabel', { line: problem.line })}
              className="syntax-lines"
            >
              {lines.map((l) => `${String(l.number).padStart(gutter)} | ${l.text}\n`).join('')}
              {`${' '.repeat(gutter)} | ${' '.repeat(Math.max(0, problem.column - 1))}^`}
            </pre>
          ) : null}
        </>
      }
    />
  );
}
