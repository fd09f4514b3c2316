import { ArrowRightOutlined, CodeOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Tooltip, Typography, theme } from 'antd';
import { Fragment, memo, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversionWarning } from '@mcp-common/toolConversion';
import type { SchemaRepair } from '@mcp-common/schema/repairs';
import { payloadJson, type PreviewTool } from './providerPreview';

/** One tool as one provider gets it: its id and what it maps back to, what changed, and the JSON sent. */
export const PreviewToolRow = memo(function PreviewToolRowView({ tool }: { tool: PreviewTool }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const { token } = theme.useToken();
  const changes = tool.warnings.length + tool.repairs.length;
  const sent = tool.sent !== undefined;
  const mapping = t('preview.mappedFrom', { id: tool.toolId, tool: tool.toolName, server: tool.serverName });
  const [showJson, setShowJson] = useState(false);
  const jsonId = useId();
  return (
    <li
      data-testid="preview-tool"
      data-tool-id={tool.toolId}
      data-tool-name={tool.toolName}
      data-sent={sent}
      style={{ padding: `${token.paddingSM}px 0`, borderBottom: `1px solid ${token.colorSplit}` }}
    >
      <Flex gap="small" align="center" wrap style={{ minWidth: 0 }} aria-label={mapping}>
        <Typography.Text code strong ellipsis={{ tooltip: tool.toolId }} style={{ maxWidth: 'min(420px, 100%)' }} data-testid="preview-tool-id">
          {tool.toolId}
        </Typography.Text>
        <ArrowRightOutlined aria-hidden style={{ color: token.colorTextTertiary, fontSize: 12 }} />
        <Typography.Text type="secondary" ellipsis={{ tooltip: `${tool.serverName} · ${tool.toolName}` }} style={{ maxWidth: 'min(360px, 100%)' }}>
          {tool.serverName} · <Typography.Text>{tool.toolName}</Typography.Text>
        </Typography.Text>
        <span style={{ flex: '1 1 auto' }} />
        {!sent ? (
          <Tag color="error" style={{ marginInlineEnd: 0 }}>
            {t('preview.notSent')}
          </Tag>
        ) : changes > 0 ? (
          <Tag color="warning" style={{ marginInlineEnd: 0 }} data-testid="preview-change-count">
            {t('preview.changes', { count: changes })}
          </Tag>
        ) : (
          <Tag color="success" style={{ marginInlineEnd: 0 }}>
            {t('preview.unchanged')}
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
            {t('preview.json')}
          </Button>
        ) : null}
      </Flex>
      {changes > 0 ? (
        <ul style={{ margin: `${token.marginXS}px 0 0`, paddingInlineStart: 0, listStyle: 'none' }}>
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
          style={{
            margin: `${token.marginXS}px 0 0`,
            padding: token.paddingXS,
            maxHeight: 320,
            overflow: 'auto',
            fontSize: 12,
            fontFamily: token.fontFamilyCode,
            background: token.colorFillTertiary,
            borderRadius: token.borderRadiusSM,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
          }}
        >
          {payloadJson(tool.sent)}
        </pre>
      ) : null}
    </li>
  );
});

function WarningLine({ warning, toolId }: { warning: ConversionWarning; toolId: string }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const { token } = theme.useToken();
  return (
    <li data-testid="preview-warning" data-code={warning.code} style={{ display: 'flex', gap: token.marginXS, alignItems: 'baseline', marginTop: 2 }}>
      <WarningOutlined aria-hidden style={{ color: token.colorWarningText, flex: '0 0 auto' }} />
      <Typography.Text>{withCode(warningText(warning, toolId, t))}</Typography.Text>
    </li>
  );
}

function RepairLine({ repair }: { repair: SchemaRepair }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const { token } = theme.useToken();
  const path = repair.path === '' ? t('preview.root') : repair.path;
  return (
    <li data-testid="preview-repair" data-code={repair.code} data-path={repair.path} style={{ display: 'flex', gap: token.marginXS, alignItems: 'baseline', marginTop: 2 }}>
      <Tooltip title={t('preview.pathLabel', { path })}>
        <Tag
          color="blue"
          variant="filled"
          tabIndex={0}
          style={{ marginInlineEnd: 0, flex: '0 1 auto', maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', fontFamily: token.fontFamilyCode }}
        >
          {path}
        </Tag>
      </Tooltip>
      <Typography.Text style={{ minWidth: 0 }}>{withCode(t(`preview.repairs.${repair.code}`, { ...NO_FACTS, ...repair.detail }))}</Typography.Text>
    </li>
  );
}

/** Every fact a repair sentence may name, so one call types for all codes; a repair fills its own. */
const NO_FACTS = { type: '', ref: '', types: '', keyword: '', names: '', format: '', pattern: '', name: '', sent: '' };

type TFn = ReturnType<typeof useTranslation<['settings/tools', 'common']>>['t'];

/** A warning in words, from its code and facts (the English `message` is for logs). */
export function warningText(warning: ConversionWarning, toolId: string, t: TFn): string {
  const detail = warning.detail ?? {};
  switch (warning.code) {
    case 'TOOL_DROPPED': {
      const reason = detail.reason === 'INVALID_ID' || detail.reason === 'DUPLICATE_ID' ? detail.reason : 'SCHEMA_FAILED';
      return t(`preview.warnings.TOOL_DROPPED.${reason}`, { id: toolId });
    }
    case 'NOT_STRICT': {
      const reason = detail.reason === 'NO_TYPE' ? 'NO_TYPE' : 'OPEN_MAP';
      const path = typeof detail.path === 'string' && detail.path !== '' ? detail.path : t('preview.root');
      return t(`preview.warnings.NOT_STRICT.${reason}`, { path });
    }
    case 'DESCRIPTION_SHORTENED':
      return t('preview.warnings.DESCRIPTION_SHORTENED', { from: detail.from, to: detail.to });
    case 'TOOL_LIMIT':
      return t('preview.warnings.TOOL_LIMIT', { count: Number(detail.count), provider: detail.provider, limit: detail.limit });
  }
}

/** The sentences mark keywords with backticks; they show as code. */
export function withCode(text: string): ReactNode {
  return text.split('`').map((part, index) => (index % 2 === 1 ? <Typography.Text key={index} code>{part}</Typography.Text> : <Fragment key={index}>{part}</Fragment>));
}
