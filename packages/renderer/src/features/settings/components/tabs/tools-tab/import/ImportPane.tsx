import { FileTextOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Spin, Tooltip, Typography, Upload } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_JSON_MAX_CHARS, type LocalConfigSource, type McpImportPreview, type McpImportResult } from '@shared/contracts/mcp-import';
import type { AppErrorShape } from '@shared/errors';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { useRoute, useRouteMutation } from '@renderer/data/useRoute';
import { ImportPreviewTable, type EntryChoice } from './ImportPreviewTable';
import { ImportResultList } from './ImportResultList';
import { JsonSyntaxAlert, type JsonSyntaxProblem } from './JsonSyntaxAlert';
import { errorData } from '@shared/errorData';

type Input = { json: string } | { source: LocalConfigSource };
type Step = { kind: 'edit' } | { kind: 'preview'; input: Input; preview: McpImportPreview } | { kind: 'done'; result: McpImportResult };

const nameKey = (name: string) => name.trim().toLowerCase();

/** IMPORT_INVALID_JSON carries where and why; anything else is shown as an error. */
function syntaxProblem(error: AppErrorShape | null): JsonSyntaxProblem | undefined {
  const data = errorData(error ?? undefined, 'IMPORT_INVALID_JSON');
  return data && ({ line: data.line, column: data.column, reason: data.reason } as JsonSyntaxProblem);
}

/** The default for every duplicate is skip, with the preview's free name ready for rename. */
const initialChoices = (preview: McpImportPreview) =>
  new Map(preview.entries.flatMap((e) => (e.conflict ? [[e.key, { action: 'skip', name: e.suggestedName ?? e.key } satisfies EntryChoice] as const] : [])));

/**
 * Paste, drop or pick another app's config → preview each entry (problems, duplicates and the
 * choice for each) → import exactly that → the outcome of each entry.
 */
export function ImportPane({ initialSource, onDone }: { initialSource?: LocalConfigSource | undefined; onDone: () => void }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const [text, setText] = useState('');
  const [fileProblem, setFileProblem] = useState<string>();
  const [step, setStep] = useState<Step>({ kind: 'edit' });
  const [choices, setChoices] = useState<Map<string, EntryChoice>>(new Map());
  const local = useRoute('mcp.find_local_configs');
  const saved = useRoute('mcp.list');
  const preview = useRouteMutation('mcp.import_preview', {
    onSuccess: (data, input) => {
      setChoices(initialChoices(data));
      setStep({ kind: 'preview', input: input.json !== undefined ? { json: input.json } : { source: input.source! }, preview: data });
    },
  });
  const client = useQueryClient();
  const runImport = useRouteMutation('mcp.import', {
    onSuccess: (result) => {
      // The outcome shows at once; the server list refreshes on the servers_changed event.
      setStep({ kind: 'done', result });
      void client.invalidateQueries({ queryKey: ['mcp.find_local_configs'] });
    },
  });

  const { mutate: previewMutate } = preview;
  useEffect(() => {
    if (initialSource) previewMutate({ source: initialSource });
  }, [initialSource, previewMutate]);

  const entries = useMemo(() => (step.kind === 'preview' ? step.preview.entries : []), [step]);
  const renameProblems = useMemo(() => {
    const problems = new Map<string, 'empty' | 'taken'>();
    // Taken: a saved server, an entry that keeps its name, or another rename.
    const taken = new Set((saved.data ?? []).map((s) => nameKey(s.name)));
    for (const e of entries) if (e.ok && !e.conflict) taken.add(nameKey(e.key));
    for (const e of entries) {
      const choice = choices.get(e.key);
      if (!e.ok || !e.conflict || choice?.action !== 'rename') continue;
      const key = nameKey(choice.name);
      if (!key) problems.set(e.key, 'empty');
      else if (taken.has(key)) problems.set(e.key, 'taken');
      else taken.add(key);
    }
    return problems;
  }, [entries, choices, saved.data]);

  const willImport = entries.filter((e) => e.ok && (!e.conflict || choices.get(e.key)?.action !== 'skip')).length;
  const counts = {
    total: entries.length,
    ready: entries.filter((e) => e.ok && !e.conflict).length,
    invalid: entries.filter((e) => !e.ok).length,
    duplicates: entries.filter((e) => e.conflict).length,
  };

  const readFile = async (file: File) => {
    setFileProblem(undefined);
    if (!/\.jsonc?$/i.test(file.name) && file.type !== 'application/json') setFileProblem(t('import.drop.notJson', { name: file.name }));
    else if (file.size > IMPORT_JSON_MAX_CHARS) setFileProblem(t('import.drop.tooLarge', { name: file.name }));
    else {
      const content = await file.text();
      setText(content);
      preview.mutate({ json: content });
    }
    return false;
  };

  if (step.kind === 'done') return <ImportResultList result={step.result} onDone={onDone} onMore={() => (setText(''), setStep({ kind: 'edit' }))} />;

  if (step.kind === 'preview') {
    const sourceName = 'source' in step.input ? t(`import.local.sources.${step.input.source}`) : undefined;
    const submit = () =>
      runImport.mutate({
        ...step.input,
        decisions: [...choices].map(([key, c]) => (c.action === 'rename' ? { key, action: c.action, name: c.name.trim() } : { key, action: c.action })),
      });
    return (
      <Flex vertical gap="small">
        {sourceName ? <Typography.Text type="secondary">{t('import.source', { source: sourceName })}</Typography.Text> : null}
        <Typography.Text data-testid="import-summary">{t('import.summary', counts)}</Typography.Text>
        <ImportPreviewTable
          entries={entries}
          choices={choices}
          renameProblems={renameProblems}
          onChoice={(key, choice) => setChoices((current) => new Map(current).set(key, choice))}
        />
        {runImport.error ? <ErrorAlert error={runImport.error} testId="import-error" /> : null}
        <Flex justify="space-between" gap="small" wrap>
          <Button onClick={() => (runImport.reset(), setStep({ kind: 'edit' }))}>{t('import.edit')}</Button>
          <Button type="primary" data-testid="import-submit" disabled={willImport === 0 || renameProblems.size > 0} loading={runImport.isPending} onClick={submit}>
            {willImport === 0 ? t('import.nothing') : t('import.submit', { count: willImport })}
          </Button>
        </Flex>
      </Flex>
    );
  }

  const syntax = syntaxProblem(preview.error);
  const files = local.data?.files ?? [];
  return (
    <Spin spinning={preview.isPending} description={t('import.previewing')}>
      <Flex vertical gap="small">
        {files.length > 0 ? (
          <Flex vertical gap={4} data-testid="import-local-configs">
            <Typography.Text strong>{t('import.local.title')}</Typography.Text>
            <Flex gap="small" wrap>
              {files.map((file) => (
                <Tooltip key={file.source} title={file.path}>
                  <Button
                    icon={<FileTextOutlined aria-hidden />}
                    danger={Boolean(file.error)}
                    onClick={() => preview.mutate({ source: file.source })}
                    data-source={file.source}
                  >
                    {t(`import.local.sources.${file.source}`)} ·{' '}
                    {file.error ? t('import.local.unreadable') : t('import.local.servers', { count: file.entries.length })}
                  </Button>
                </Tooltip>
              ))}
            </Flex>
            <Typography.Text type="secondary" className="text-sm">
              {t('import.local.readOnly')}
            </Typography.Text>
          </Flex>
        ) : null}
        <Upload.Dragger accept=".json,.jsonc,application/json" showUploadList={false} multiple={false} beforeUpload={readFile} data-testid="import-drop">
          <p className="ant-upload-drag-icon mb-xxs">
            <InboxOutlined aria-hidden />
          </p>
          <Typography.Text>{t('import.drop.title')}</Typography.Text>
          <br />
          <Typography.Text type="secondary" className="text-sm">
            {t('import.drop.hint')}
          </Typography.Text>
        </Upload.Dragger>
        {fileProblem ? <Alert type="warning" showIcon title={fileProblem} /> : null}
        <Flex vertical gap={4}>
          <Typography.Text strong>
            <label htmlFor="import-json">{t('import.paste.label')}</label>
          </Typography.Text>
          <Input.TextArea
            id="import-json"
            data-testid="import-json"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoSize={{ minRows: 6, maxRows: 12 }}
            spellCheck={false}
            className="mono text-sm"
            placeholder={'{\n  "mcpServers": {\n    "files": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "~/Documents"] }\n  }\n}'}
          />
          <Typography.Text type="secondary" className="text-sm">
            {t('import.paste.hint')}
          </Typography.Text>
        </Flex>
        {syntax ? <JsonSyntaxAlert problem={syntax} text={preview.variables?.json} /> : preview.error ? <ErrorAlert error={preview.error} testId="import-error" /> : null}
        <Flex justify="end">
          <Button type="primary" data-testid="import-preview-button" disabled={!text.trim()} loading={preview.isPending} onClick={() => preview.mutate({ json: text })}>
            {t('import.preview')}
          </Button>
        </Flex>
      </Flex>
    </Spin>
  );
}
