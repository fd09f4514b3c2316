import { ApiOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MCPTool } from '@shared/contracts/mcp-types';
import type { LlmProvider } from '@shared/contracts/providers';
import { PROVIDER_TOOL_LIMITS, toolListFit } from '@mcp-common/providerLimits';
import { assignToolIds } from '@mcp-common/toolIds';
import { previewProvider } from '@renderer/features/provider-preview/model/providerPreview';

interface ToolBudgetProps {
  provider: LlmProvider | undefined;
  /** The tools this chat would offer, with their per-server ids. */
  tools: MCPTool[];
  /** How many tools the active servers list in all. */
  total: number;
  /** The running agent session's own tools (`serverName__toolName`): always offered, counted in both numbers. */
  sessionTools?: number;
  onPick: () => void;
}

/**
 * Above the input: how much of the request the chosen tools take for this provider (its own
 * converter's output, as the provider preview computes it) and, when that passes what the
 * provider accepts, why and the way to fix it.
 */
export function ToolBudget({ provider, tools, total, sessionTools = 0, onPick }: ToolBudgetProps) {
  const { t, i18n } = useTranslation(['chat', 'common']);
  const limits = provider ? PROVIDER_TOOL_LIMITS[provider.id] : undefined;
  // The request assigns ids across all servers, as ToolsLoader does; the preview converts exactly that.
  const preview = useMemo(() => (limits ? previewProvider(limits.format, assignToolIds(tools).tools) : undefined), [limits, tools]);
  const fit = limits && preview ? toolListFit(limits, preview.sentCount, preview.tokens) : undefined;
  const number = (value: number) => value.toLocaleString(i18n.language);
  const name = provider?.name ?? '';

  const problems: string[] = [];
  if (fit?.kind === 'over' && fit.count) problems.push(t('budget.overCount', { count: preview!.sentCount, max: number(fit.count.maxTools), provider: name }));
  if (fit?.kind === 'over' && fit.contextTokens) problems.push(t('budget.overContext', { tokens: number(preview!.tokens), window: number(fit.contextTokens), provider: name }));
  if (fit?.kind === 'heavy') problems.push(t('budget.heavy', { tokens: number(preview!.tokens), window: number(fit.contextTokens), provider: name }));
  // Not a problem, only a maybe: the server's context is its own setting, which Elftia cannot see.
  const unsure = fit?.kind === 'unsure' ? t('budget.unsure', { tokens: number(preview!.tokens), window: number(fit.typicalContextTokens), provider: name }) : undefined;

  return (
    <Flex vertical gap={6} data-testid="chat-budget" data-fit={fit?.kind}>
      <Flex gap="small" align="center" wrap>
        <Button size="small" icon={<ApiOutlined aria-hidden />} onClick={onPick} aria-haspopup="dialog" data-testid="chat-open-tools">
          {t('budget.tools', { on: tools.length + sessionTools, total: total + sessionTools })}
        </Button>
        {/* Only the person's tools are measured here (a session's definitions stay in the host); none, nothing to estimate. */}
        {preview && tools.length > 0 ? (
          <Tooltip title={t('budget.help', { provider: name })}>
            <Tag icon={<InfoCircleOutlined aria-hidden />} tabIndex={0} {...(fit?.kind === 'over' ? { color: 'error' } : fit?.kind === 'heavy' ? { color: 'warning' } : {})} data-testid="chat-tokens">
              {t('budget.tokens', { tokens: number(preview.tokens), provider: name })}
            </Tag>
          </Tooltip>
        ) : null}
      </Flex>
      {problems.length > 0 || unsure ? (
        <Alert
          type={fit?.kind === 'over' ? 'error' : fit?.kind === 'heavy' ? 'warning' : 'info'}
          showIcon
          data-testid="chat-budget-warning"
          title={unsure ?? problems.join(' ')}
          action={
            <Button size="small" onClick={onPick}>
              {t('budget.pick')}
            </Button>
          }
        />
      ) : null}
    </Flex>
  );
}
