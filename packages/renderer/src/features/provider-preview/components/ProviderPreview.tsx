import { CopyOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Empty, Flex, Input, Pagination, Segmented, Tag, Tooltip, Typography } from 'antd';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MCPTool } from '@shared/contracts/mcp-types';
import { PreviewToolRow, warningText, withCode } from './PreviewToolRow';
import { PREVIEW_PROVIDERS, payloadJson, previewProvider, type PreviewProvider, type PreviewTool } from '../model/providerPreview';

/** Rows per page: 200 tools stay quick to render, and a page still shows a whole server's worth. */
const PAGE_SIZE = 25;

interface ProviderPreviewProps {
  /** The enabled tools, with their provider ids as the host assigned them. */
  tools: MCPTool[];
  /** How many disabled tools were left out. */
  leftOut: number;
  /** A line above the summary (which servers the tools come from). */
  note?: ReactNode;
}

const matches = (tool: PreviewTool, needle: string) =>
  !needle || [tool.toolId, tool.serverName, tool.toolName].some((text) => text.toLowerCase().includes(needle));

/**
 * The tools as one provider at a time would receive them, from the host's own converters: the
 * count sent, a token estimate, the provider's limits, then per tool what the conversion
 * changed and the JSON sent. Copy gives exactly what the converter returned.
 */
export function ProviderPreview({ tools, leftOut, note }: ProviderPreviewProps) {
  const { t, i18n } = useTranslation(['providerPreview', 'common']);
  const [provider, setProvider] = useState<PreviewProvider>('openai');
  const [filter, setFilter] = useState('');
  const [onlyChanged, setOnlyChanged] = useState(false);
  const [page, setPage] = useState(1);
  const [copyFeedback, setCopyFeedback] = useState<{ ok: boolean; text: string }>();
  const preview = useMemo(() => previewProvider(provider, tools), [provider, tools]);
  const needle = useDeferredValue(filter.trim().toLowerCase());
  const shown = useMemo(
    () => preview.tools.filter((tool) => matches(tool, needle) && (!onlyChanged || tool.warnings.length + tool.repairs.length > 0 || tool.sent === undefined)),
    [preview, needle, onlyChanged],
  );
  const pageCount = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const pageTools = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const providerName = t(`providers.${provider}`);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(payloadJson(preview.payload));
      setCopyFeedback({ ok: true, text: t('copied') });
    } catch {
      setCopyFeedback({ ok: false, text: t('copyFailed') });
    }
  };

  return (
    <Flex vertical gap="small" data-testid="provider-preview" data-provider={provider}>
      <Typography.Text type="secondary">{t('intro')}</Typography.Text>
      <Segmented<PreviewProvider>
        aria-label={t('providerLabel')}
        value={provider}
        onChange={(next) => {
          setProvider(next);
          setCopyFeedback(undefined);
        }}
        options={PREVIEW_PROVIDERS.map((key) => ({ value: key, label: t(`providers.${key}`) }))}
        className="preview-providers"
        data-testid="preview-providers"
      />
      {note}
      <Flex gap="small" align="center" wrap>
        <Typography.Text strong data-testid="preview-sent">
          {t('sent', { sent: preview.sentCount, total: tools.length })}
        </Typography.Text>
        <Tooltip title={t('tokensHelp')}>
          <Tag icon={<InfoCircleOutlined aria-hidden />} tabIndex={0} data-testid="preview-tokens">
            {t('tokens', { tokens: preview.tokens.toLocaleString(i18n.language) })}
          </Tag>
        </Tooltip>
        {preview.limits.length === 0 ? (
          <Tag>{t('limits.none')}</Tag>
        ) : (
          preview.limits.map((limit) => (
            <Tag key={limit.label} {...(preview.sentCount > limit.limit && { color: 'error' })} data-testid="preview-limit">
              {t(`limits.${limit.label}`, { limit: limit.limit })}
            </Tag>
          ))
        )}
        <span className="flex-fill" />
        <Button
          size="small"
          icon={<CopyOutlined aria-hidden />}
          onClick={() => void copy()}
          aria-label={t('copyLabel', { provider: providerName })}
          data-testid="preview-copy"
        >
          {t('copy')}
        </Button>
      </Flex>
      {copyFeedback ? (
        <Typography.Text role="status" type={copyFeedback.ok ? 'success' : 'danger'} className="self-end">
          {copyFeedback.text}
        </Typography.Text>
      ) : null}
      {leftOut > 0 ? (
        <Typography.Text type="secondary" data-testid="preview-left-out">
          {t('leftOut', { count: leftOut })}
        </Typography.Text>
      ) : null}
      {preview.listWarnings.map((warning, index) => (
        <Alert key={index} type="warning" showIcon title={withCode(warningText(warning, '', t))} data-testid="preview-list-warning" />
      ))}
      {tools.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noTools')} />
      ) : (
        <>
          <Flex gap="small" align="center" wrap>
            <Input.Search
              allowClear
              value={filter}
              onChange={(e) => {
                setFilter(e.target.value);
                setPage(1);
              }}
              placeholder={t('filterPlaceholder')}
              aria-label={t('filter')}
              className="pane-search"
            />
            <Checkbox
              checked={onlyChanged}
              onChange={(e) => {
                setOnlyChanged(e.target.checked);
                setPage(1);
              }}
            >
              {t('onlyChanged')}
            </Checkbox>
            <Typography.Text type="secondary" data-testid="preview-shown">
              {t('shown', { shown: shown.length, total: preview.tools.length })}
            </Typography.Text>
          </Flex>
          {shown.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noMatch')} />
          ) : (
            <ul aria-label={providerName} className="plain-list preview-list">
              {pageTools.map((tool, index) => (
                <PreviewToolRow key={`${tool.toolId}:${tool.serverName}:${tool.toolName}:${index}`} tool={tool} />
              ))}
            </ul>
          )}
          {shown.length > PAGE_SIZE ? (
            <Pagination
              size="small"
              align="end"
              current={current}
              pageSize={PAGE_SIZE}
              total={shown.length}
              onChange={setPage}
              showSizeChanger={false}
            />
          ) : null}
        </>
      )}
    </Flex>
  );
}
