import { useTranslation } from 'react-i18next';
import type { McpImportPreviewEntry } from '@shared/contracts/mcp-import';
import { limitText } from '@renderer/components/limitText';

type Issue = McpImportPreviewEntry['issues'][number];

/** An entry issue in the person's language when the host gave its reason; the host's English otherwise. */
export function useIssueText(): (issue: Issue) => string {
  const { t } = useTranslation(['settings/tools', 'common']);
  const { t: tErrors } = useTranslation('errors');
  return (issue) => {
    const field = issue.path || t('import.entryDetails.wholeEntry');
    if (issue.reason === 'limit') return issue.limit ? t('import.issue.limit', { field, limit: limitText(tErrors, issue.limit) }) : `${field}: ${issue.message}`;
    return issue.reason ? t(`import.issue.${issue.reason}`, { field }) : `${field}: ${issue.message}`;
  };
}
