import { useTranslation } from 'react-i18next';
import type { McpImportPreviewEntry } from '@shared/contracts/mcp-import';

type Issue = McpImportPreviewEntry['issues'][number];

/** An entry issue in the person's language when the host gave its reason; the host's English otherwise. */
export function useIssueText(): (issue: Issue) => string {
  const { t } = useTranslation(['settings/tools', 'common']);
  return (issue) => {
    const field = issue.path || t('import.entryDetails.wholeEntry');
    return issue.reason ? t(`import.issue.${issue.reason}`, { field }) : `${field}: ${issue.message}`;
  };
}
