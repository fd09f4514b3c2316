import { Flex, Input, Radio, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DuplicateAction, McpImportPreviewEntry } from '@shared/contracts/mcp-import';
import { shellLine } from '@shared/text/commandLine';
import { TRANSPORTS } from '@shared/transports';
import { useIssueText } from './issueText';

export interface EntryChoice {
  action: DuplicateAction;
  name: string;
}

interface Props {
  entries: McpImportPreviewEntry[];
  choices: ReadonlyMap<string, EntryChoice>;
  /** Why a chosen rename cannot be used (empty, taken), by entry key. */
  renameProblems: ReadonlyMap<string, 'empty' | 'taken'>;
  onChoice: (key: string, choice: EntryChoice) => void;
}

/** `npx -y pkg` or the URL; secrets arrive masked from the preview route. */
const target = (e: McpImportPreviewEntry) =>
  e.command !== undefined ? shellLine([e.command, ...(e.args ?? [])]) : (e.url ?? '');

/**
 * A status tag readable in both themes: the text keeps the body colour (AA on any tint) and the
 * status shows in the tint and border, where antd's preset colours put low-contrast text.
 */
function StatusTag({ status, children }: { status: 'success' | 'warning' | 'error'; children: React.ReactNode }) {
  return (
    <Tag data-status={status} className={`status-tag status-tag-${status}`}>
      {children}
    </Tag>
  );
}

function TransportTag({ type }: { type: string | undefined }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  if (!type) return <Typography.Text type="secondary">—</Typography.Text>;
  const known = TRANSPORTS.resolve(type);
  return <Tag>{known ? t(`transport.${known}`) : type}</Tag>;
}

function EntryStatus({ entry, choice, problem, onChoice }: { entry: McpImportPreviewEntry; choice: EntryChoice | undefined; problem: 'empty' | 'taken' | undefined; onChoice: Props['onChoice'] }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const issueText = useIssueText();
  if (!entry.ok) {
    return (
      <Flex vertical gap={4} data-testid="import-entry-issues">
        <span>
          <StatusTag status="error">{t('import.status.invalid')}</StatusTag>
        </span>
        <ul className="bullet-list-tight">
          {entry.issues.map((issue, i) => (
            <li key={`${issue.path}-${i}`}>
              <Tooltip title={issue.message}>
                <Typography.Text type="danger">{issueText(issue)}</Typography.Text>
              </Tooltip>
            </li>
          ))}
        </ul>
      </Flex>
    );
  }
  if (!entry.conflict) return <StatusTag status="success">{t('import.status.new')}</StatusTag>;
  const existing = entry.conflict.kind === 'existing';
  const current = choice ?? { action: 'skip' as const, name: entry.suggestedName ?? '' };
  return (
    <Flex vertical gap={6} data-testid="import-entry-duplicate">
      <span>
        <StatusTag status="warning">{t(existing ? 'import.status.exists' : 'import.status.batch')}</StatusTag>
      </span>
      <Typography.Text type="secondary">{t(existing ? 'import.duplicate.existing' : 'import.duplicate.batch', { name: entry.conflict.name })}</Typography.Text>
      <Radio.Group
        size="small"
        optionType="button"
        aria-label={t('import.duplicate.label', { name: entry.key })}
        value={current.action}
        onChange={(e) => onChoice(entry.key, { ...current, action: e.target.value as DuplicateAction })}
        options={[
          { value: 'skip', label: t('import.duplicate.skip') },
          // Replacing means something only for a saved server, not for a clash within the paste.
          ...(existing ? [{ value: 'replace', label: t('import.duplicate.replace') }] : []),
          { value: 'rename', label: t('import.duplicate.rename') },
        ]}
      />
      {current.action === 'rename' ? (
        <Flex vertical gap={2}>
          <Input
            size="small"
            aria-label={t('import.duplicate.renameTo', { name: entry.key })}
            value={current.name}
            status={problem ? 'error' : ''}
            onChange={(e) => onChoice(entry.key, { ...current, name: e.target.value })}
          />
          {problem ? (
            <Typography.Text type="danger" className="text-sm" role="alert">
              {t(`import.duplicate.${problem}`)}
            </Typography.Text>
          ) : null}
        </Flex>
      ) : null}
    </Flex>
  );
}

/** One row per entry of the text: what it is, what it would run or reach, and what will happen to it. */
export function ImportPreviewTable({ entries, choices, renameProblems, onChoice }: Props) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const columns: TableColumnsType<McpImportPreviewEntry> = [
    {
      title: t('import.columns.name'),
      key: 'name',
      width: 170,
      render: (_, e) => (
        <Flex vertical gap={2}>
          <Typography.Text strong ellipsis={{ tooltip: e.key }} className="import-entry-name">
            {e.key}
          </Typography.Text>
          {e.ok && e.isActive === false ? (
            <span>
              <Tag>{t('import.status.inactive')}</Tag>
            </span>
          ) : null}
        </Flex>
      ),
    },
    { title: t('import.columns.transport'), key: 'type', width: 140, render: (_, e) => <TransportTag type={e.type} /> },
    {
      title: t('import.columns.target'),
      key: 'target',
      render: (_, e) => {
        const details = [
          e.envKeys ? t('import.entryDetails.env', { keys: e.envKeys.join(', ') }) : undefined,
          e.headerNames ? t('import.entryDetails.headers', { keys: e.headerNames.join(', ') }) : undefined,
          e.ignoredKeys.length ? t('import.entryDetails.ignored', { keys: e.ignoredKeys.join(', ') }) : undefined,
        ].filter(Boolean);
        const text = target(e);
        return (
          <Flex vertical gap={2} className="min-w-0">
            {text ? (
              <Tooltip title={text} placement="topLeft">
                <Typography.Text code ellipsis className="cap-width" data-testid="import-entry-target">
                  {text}
                </Typography.Text>
              </Tooltip>
            ) : (
              <Typography.Text type="secondary">—</Typography.Text>
            )}
            {details.map((line) => (
              <Typography.Text key={line} type="secondary" className="text-sm" ellipsis={{ tooltip: line }}>
                {line}
              </Typography.Text>
            ))}
          </Flex>
        );
      },
    },
    {
      title: t('import.columns.status'),
      key: 'status',
      width: 290,
      render: (_, e) => <EntryStatus entry={e} choice={choices.get(e.key)} problem={renameProblems.get(e.key)} onChoice={onChoice} />,
    },
  ];
  return (
    <Table<McpImportPreviewEntry>
      data-testid="import-preview"
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={entries}
      pagination={false}
      tableLayout="fixed"
      // The dialog fits a 700 px window: the rows scroll, the buttons stay in view.
      scroll={{ y: 'max(160px, calc(100vh - 420px))' }}
      onRow={(e) => ({ 'data-entry': e.key }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}
