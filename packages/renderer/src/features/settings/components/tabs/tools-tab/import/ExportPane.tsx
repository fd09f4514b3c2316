import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Radio, Segmented, Select, Spin, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_DIALECTS, type ExportDialect } from '@shared/contracts/mcp-links';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { useRoute } from '@renderer/data/useRoute';

/** The file name each host reads its servers from, so a saved file can be dropped into place. */
const FILE_NAMES: Record<ExportDialect, string> = { 'claude-desktop': 'claude_desktop_config.json', vscode: 'mcp.json' };

/** Servers (all or chosen), format, with or without secrets → the JSON, to copy or save. */
export function ExportPane() {
  const { t } = useTranslation(['settings/tools', 'common']);
  const servers = useRoute('mcp.list');
  const [scope, setScope] = useState<'all' | 'selected'>('all');
  const [ids, setIds] = useState<string[]>([]);
  const [dialect, setDialect] = useState<ExportDialect>('claude-desktop');
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string }>();
  const ready = scope === 'all' || ids.length > 0;
  const exported = useRoute('mcp.export', { includeSecrets, dialect, ...(scope === 'selected' ? { ids } : {}) }, { enabled: ready });
  const list = servers.data ?? [];

  if (servers.data && list.length === 0) return <Empty description={t('export.empty')} />;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(exported.data!.json);
      setFeedback({ ok: true, text: t('export.copied') });
    } catch {
      setFeedback({ ok: false, text: t('export.copyFailed') });
    }
  };
  const save = () => {
    const url = URL.createObjectURL(new Blob([`${exported.data!.json}\n`], { type: 'application/json' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: FILE_NAMES[dialect] });
    link.click();
    URL.revokeObjectURL(url);
    setFeedback({ ok: true, text: t('export.saved', { file: FILE_NAMES[dialect] }) });
  };

  return (
    <Flex vertical gap="middle" data-testid="export-pane">
      <Flex vertical gap={6}>
        <Typography.Text strong id="export-scope">
          {t('export.scope.label')}
        </Typography.Text>
        <Radio.Group aria-labelledby="export-scope" value={scope} onChange={(e) => setScope(e.target.value as 'all' | 'selected')}>
          <Radio value="all">{t('export.scope.all', { count: list.length })}</Radio>
          <Radio value="selected">{t('export.scope.selected')}</Radio>
        </Radio.Group>
        {scope === 'selected' ? (
          <Select
            mode="multiple"
            allowClear
            aria-label={t('export.scope.pick')}
            placeholder={t('export.scope.pick')}
            value={ids}
            onChange={setIds}
            options={list.map((s) => ({ value: s.id, label: s.name }))}
            optionFilterProp="label"
            maxTagCount="responsive"
            status={ids.length === 0 ? 'warning' : ''}
          />
        ) : null}
        {scope === 'selected' && ids.length === 0 ? <Typography.Text type="warning">{t('export.scope.none')}</Typography.Text> : null}
      </Flex>
      <Flex gap="large" wrap align="center">
        <Flex gap="small" align="center">
          <Typography.Text strong id="export-dialect">
            {t('export.dialect.label')}
          </Typography.Text>
          <Segmented<ExportDialect>
            aria-labelledby="export-dialect"
            value={dialect}
            onChange={setDialect}
            options={EXPORT_DIALECTS.map((d) => ({ value: d, label: t(`export.dialect.${d}`) }))}
          />
        </Flex>
        <Flex gap="small" align="center">
          <Switch id="export-secrets" checked={includeSecrets} onChange={setIncludeSecrets} aria-label={t('export.secrets.label')} />
          <label htmlFor="export-secrets">{t('export.secrets.label')}</label>
        </Flex>
      </Flex>
      <Alert type={includeSecrets ? 'warning' : 'info'} showIcon title={t(includeSecrets ? 'export.secrets.on' : 'export.secrets.off')} data-testid="export-secrets-note" />
      {exported.error ? <ErrorAlert error={exported.error} /> : null}
      <Flex vertical gap={4}>
        <Typography.Text strong>{t('export.preview')}</Typography.Text>
        <Spin spinning={exported.isFetching} description={t('export.loading')}>
          <pre
            data-testid="export-json"
            aria-label={t('export.preview')}
            tabIndex={0}
            className="export-json"
          >
            {ready ? (exported.data?.json ?? '') : ''}
          </pre>
        </Spin>
      </Flex>
      <Flex justify="space-between" align="center" gap="small" wrap>
        <Typography.Text type={feedback?.ok === false ? 'danger' : 'success'} role="status">
          {feedback?.text ?? ''}
        </Typography.Text>
        <Flex gap="small">
          <Button icon={<CopyOutlined aria-hidden />} disabled={!ready || !exported.data} onClick={() => void copy()}>
            {t('export.copy')}
          </Button>
          <Button type="primary" icon={<DownloadOutlined aria-hidden />} disabled={!ready || !exported.data} onClick={save}>
            {t('export.save')}
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}
