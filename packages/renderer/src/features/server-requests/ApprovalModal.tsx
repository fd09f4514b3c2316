/** The approval dialog itself (see ApprovalDialog): loaded the first time a call waits for the person. Its state is useApprovalDecision's. */
import { Alert, Button, Checkbox, Descriptions, Flex, Input, Segmented, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApprovalRequest } from '@shared/contracts/chat';
import { canRememberApproval } from '@mcp-common/approvalPolicy';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { VisibleText } from '@renderer/components/VisibleText';
import { formatArguments } from './approvalArguments';
import { AnnotationTagList, ToolChangeAlert } from './ApprovalParts';
import { ReviewModal } from './ReviewModal';
import { useApprovalDecision } from './useApprovalDecision';

export function ApprovalModal({
  request,
  queue,
  onDone,
  onLater,
}: {
  request: ApprovalRequest;
  queue: ApprovalRequest[];
  onDone: (requestIds: string[]) => void;
  onLater: () => void;
}) {
  const { t } = useTranslation(['serverRequests', 'settings/tools', 'common']);
  const decision = useApprovalDecision(request, queue, onDone);
  const { mode, parsed, edited, issues, busy, sending, send } = decision;
  const tool = request.toolTitle ?? request.toolName;

  return (
    <ReviewModal
      testId="approval"
      title={t('approvals.dialog.title')}
      width={600}
      laterLabel={t('approvals.dialog.later')}
      busy={busy}
      onLater={onLater}
      decisions={
        <>
          <Button data-testid="approval-deny" danger disabled={busy} loading={sending === 'deny'} onClick={() => void send('deny')}>
            {t('approvals.dialog.deny')}
          </Button>
          {canRememberApproval(request.reason) && request.origin !== 'app' ? (
            <Tooltip title={t('approvals.dialog.allowChatHelp', { tool })}>
              <Button data-testid="approval-allow-chat" disabled={busy || !parsed.ok} loading={sending === 'allow_chat'} onClick={() => void send('allow_chat')}>
                {t('approvals.dialog.allowChat')}
              </Button>
            </Tooltip>
          ) : null}
          <Button data-testid="approval-allow-once" type="primary" autoFocus disabled={busy || !parsed.ok} loading={sending === 'allow_once'} onClick={() => void send('allow_once')}>
            {t('approvals.dialog.allowOnce')}
          </Button>
        </>
      }
    >
      <Flex vertical gap="small" onKeyDown={decision.onKeyDown}>
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'server',
              label: t('approvals.dialog.server'),
              children: (
                <Typography.Text ellipsis={{ tooltip: request.serverName }} data-testid="approval-server">
                  <VisibleText text={request.serverName} />
                </Typography.Text>
              ),
            },
            {
              key: 'tool',
              label: t('approvals.dialog.tool'),
              children: (
                <Flex gap="small" align="baseline" wrap className="min-w-0">
                  <Typography.Text strong ellipsis={{ tooltip: tool }} data-testid="approval-tool" className="cap-width">
                    <VisibleText text={tool} />
                  </Typography.Text>
                  {request.toolTitle ? (
                    <Typography.Text code ellipsis={{ tooltip: request.toolName }} className="tool-name-short">
                      <VisibleText text={request.toolName} />
                    </Typography.Text>
                  ) : null}
                </Flex>
              ),
            },
            {
              key: 'annotations',
              label: t('approvals.dialog.annotations'),
              children: <AnnotationTagList annotations={request.annotations} testId="approval-annotation" />,
            },
          ]}
        />
        {request.origin === 'app' ? <Alert data-testid="approval-from-app" type="info" showIcon title={t('approvals.dialog.fromApp', { server: request.serverName })} /> : null}
        {request.changed ? <ToolChangeAlert tool={tool} change={request.changed} /> : null}
        <Alert
          data-testid="approval-reason"
          type={request.reason === 'destructive' ? 'error' : 'warning'}
          showIcon
          title={t(`approvals.reason.${request.reason}`, { server: request.serverName })}
        />
        <Flex justify="space-between" align="center" gap="small" wrap>
          <Typography.Text strong>
            {t('approvals.dialog.arguments')} {edited ? <Tag color="blue">{t('approvals.dialog.edited')}</Tag> : null}
          </Typography.Text>
          <Segmented
            size="small"
            value={mode}
            onChange={(value) => decision.setMode(value as 'view' | 'edit')}
            options={[
              { value: 'view', label: t('approvals.dialog.view') },
              { value: 'edit', label: t('approvals.dialog.edit') },
            ]}
          />
        </Flex>
        {mode === 'view' ? (
          <pre
            data-testid="approval-arguments"
            tabIndex={0}
            className="approval-arguments"
          >
            <VisibleText text={parsed.ok ? formatArguments(parsed.value) : decision.text} multiline />
          </pre>
        ) : (
          <Input.TextArea
            data-testid="approval-arguments-editor"
            aria-label={t('approvals.dialog.arguments')}
            value={decision.text}
            onChange={(e) => decision.setText(e.target.value)}
            autoSize={{ minRows: 4, maxRows: 14 }}
            spellCheck={false}
            status={parsed.ok && issues.length === 0 ? '' : 'error'}
            className="mono text-sm"
          />
        )}
        {!parsed.ok ? <Typography.Text type="danger">{t('approvals.dialog.invalidJson', { message: parsed.message })}</Typography.Text> : null}
        {issues.length > 0 ? (
          <Alert
            type="error"
            showIcon
            data-testid="approval-issues"
            title={t('approvals.dialog.schemaIssues')}
            description={
              <ul className="bullet-list-tight">
                {issues.map((issue) => (
                  <li key={`${issue.path}:${issue.message}`}>
                    {issue.path ? <Typography.Text code>{issue.path}</Typography.Text> : null} {issue.message}
                  </li>
                ))}
              </ul>
            }
          />
        ) : null}
        {mode === 'edit' && edited ? (
          <Button size="small" type="link" className="self-start inline-link-x" onClick={decision.reset}>
            {t('approvals.dialog.reset')}
          </Button>
        ) : null}
        {decision.identical > 0 ? (
          <Checkbox data-testid="approval-identical" checked={decision.includeIdentical} onChange={(e) => decision.setIncludeIdentical(e.target.checked)}>
            {t('approvals.dialog.identical', { count: decision.identical })}
          </Checkbox>
        ) : null}
        {decision.error && !['CHAT_APPROVAL_NOT_PENDING', 'VALIDATION_FAILED'].includes(decision.error.code) ? (
          <ErrorAlert error={decision.error} title={t('approvals.dialog.sendFailed')} />
        ) : null}
        <Flex vertical className="fine-print">
          <span>{t('approvals.dialog.keys')}</span>
          {queue.length > 1 ? <strong>{t('approvals.dialog.queued', { count: queue.length - 1 })}</strong> : null}
        </Flex>
      </Flex>
    </ReviewModal>
  );
}
