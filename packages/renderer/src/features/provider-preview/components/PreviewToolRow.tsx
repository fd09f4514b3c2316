import { ArrowRightOutlined, CodeOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { Fragment, memo, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversionWarning } from '@mcp-common/toolConversion';
import { SCHEMA_LOSSES, type SchemaRepair } from '@mcp-common/schema/repairs';
import { payloadJson, type PreviewTool } from '../model/providerPreview';

/** One tool as one provider gets it: its id and what it maps back to, what changed, and the JSON sent. */
export const PreviewToolRow = memo(function PreviewToolRowView({ tool }: { tool: PreviewTool }) {
  const { t } = useTranslation(['providerPreview', 'common']);
  const changes = tool.warnings.length + tool.repairs.length;
  const sent = tool.sent !== undefined;
  const mapping = t('mappedFrom', { id: tool.toolId, tool: tool.toolName, server: tool.serverName });
  const [showJson, setShowJson] = useState(false);
  const jsonId = useId();
  return (
    <li
      data-testid="preview-tool"
      data-tool-id={tool.toolId}
      data-tool-name={tool.toolName}
      data-sent={sent}
      className="list-row"
    >
      <Flex gap="small" align="center" wrap className="min-w-0" aria-label={mapping}>
        <Typography.Text code strong ellipsis={{ tooltip: tool.toolId }} className="preview-tool-id" data-testid="preview-tool-id">
          {tool.toolId}
        </Typography.Text>
        <ArrowRightOutlined aria-hidden className="text-tertiary text-sm" />
        <Typography.Text type="secondary" ellipsis={{ tooltip: `${tool.serverName} · ${tool.toolName}` }} className="preview-tool-source">
          {tool.serverName} · <Typography.Text>{tool.toolName}</Typography.Text>
        </Typography.Text>
        <span className="flex-fill" />
        {!sent ? (
          <Tag color="error">
            {t('notSent')}
          </Tag>
        ) : changes > 0 ? (
          <Tag color="warning" data-testid="preview-change-count">
            {t('changes', { count: changes })}
          </Tag>
        ) : (
          <Tag color="success">
            {t('unchanged')}
          </Tag>
        )}
        {sent ? (
          <Button
            size="small"
            type={showJson ? 'primary' : 'text'}
            ghost={showJson}
            icon={<CodeOutlined aria-hidden />}
            aria-expanded={showJson}
            aria-controls={jsonId}
            onClick={() => setShowJson((on) => !on)}
            data-testid="preview-json-toggle"
          >
            {t('json')}
          </Button>
        ) : null}
      </Flex>
      {changes > 0 ? (
        <ul className="plain-list mt-xs">
          {tool.warnings.map((warning, index) => (
            <WarningLine key={`w${index}`} warning={warning} toolId={tool.toolId} />
          ))}
          {tool.repairs.map((repair, index) => (
            <RepairLine key={`r${index}`} repair={repair} />
          ))}
        </ul>
      ) : null}
      {sent && showJson ? (
        <pre
          id={jsonId}
          data-testid="preview-tool-json"
          className="preview-json"
        >
          {payloadJson(tool.sent)}
        </pre>
      ) : null}
    </li>
  );
});

function WarningLine({ warning, toolId }: { warning: ConversionWarning; toolId: string }) {
  const { t } = useTranslation(['providerPreview', 'common']);
  return (
    <li data-testid="preview-warning" data-code={warning.code} className="preview-note">
      <WarningOutlined aria-hidden className="text-warning-strong flex-none" />
      <Typography.Text>{withCode(warningText(warning, toolId, t))}</Typography.Text>
    </li>
  );
}

function RepairLine({ repair }: { repair: SchemaRepair }) {
  const { t } = useTranslation(['providerPreview', 'common']);
  const path = repair.path === '' ? t('root') : repair.path;
  return (
    <li data-testid="preview-repair" data-code={repair.code} data-path={repair.path} className="preview-note">
      <Tooltip title={t('pathLabel', { path })}>
        <Tag
          color="blue"
          variant="filled"
          tabIndex={0}
          className="tag-capped preview-repair-path"
        >
          {path}
        </Tag>
      </Tooltip>
      <Typography.Text className="min-w-0">{withCode(t(`repairs.${repair.code}`, { ...NO_FACTS, ...repair.detail }))}</Typography.Text>
    </li>
  );
}

/** Every fact a repair sentence may name, so one call types for all codes; a repair fills its own. */
const NO_FACTS = { type: '', ref: '', types: '', keyword: '', names: '', format: '', pattern: '', name: '', sent: '' };

type TFn = ReturnType<typeof useTranslation<['providerPreview', 'common']>>['t'];

/** A warning in words, from its code and facts (the English `message` is for logs). */
export function warningText(warning: ConversionWarning, toolId: string, t: TFn): string {
  const detail = warning.detail ?? {};
  switch (warning.code) {
    case 'TOOL_DROPPED': {
      const reason = detail.reason === 'INVALID_ID' || detail.reason === 'DUPLICATE_ID' ? detail.reason : 'SCHEMA_FAILED';
      return t(`warnings.TOOL_DROPPED.${reason}`, { id: toolId });
    }
    case 'NOT_STRICT': {
      const reason = detail.reason === 'NO_TYPE' ? 'NO_TYPE' : 'OPEN_MAP';
      const path = typeof detail.path === 'string' && detail.path !== '' ? detail.path : t('root');
      return t(`warnings.NOT_STRICT.${reason}`, { path });
    }
    case 'DESCRIPTION_SHORTENED':
      return t('warnings.DESCRIPTION_SHORTENED', { from: detail.from, to: detail.to });
    case 'TOOL_LIMIT':
      return t('warnings.TOOL_LIMIT', { count: Number(detail.count), provider: detail.provider, limit: detail.limit });
    case 'LOSSY_SCHEMA': {
      const loss = SCHEMA_LOSSES.find((code) => code === detail.loss) ?? 'ADDITIONAL_PROPERTIES_DROPPED';
      const path = typeof detail.path === 'string' && detail.path !== '' ? detail.path : t('root');
      return t(`warnings.LOSSY_SCHEMA.${loss}`, { path });
    }
  }
}

/** The sentences mark keywords with backticks; they show as code. */
export function withCode(text: string): ReactNode {
  return text.split('`').map((part, index) => (index % 2 === 1 ? <Typography.Text key={index} code>{part}</Typography.Text> : <Fragment key={index}>{part}</Fragment>));
}
