import { Alert, Checkbox, Descriptions, Flex, Modal, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpReviewEntry } from '@shared/contracts/mcp-links';
import { inlineSafe } from '@shared/text/visibleControls';
import { TRANSPORTS } from '@shared/transports';
import { riskyNames } from '@mcp-common/activationReview';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { useSafeAnswer } from '@renderer/components/SafeConfirm';
import { VisibleText } from '@renderer/components/VisibleText';
import { useRoute, useRouteMutation } from '@renderer/data/useRoute';

export interface ActivationReviewDialogProps {
  serverId: string;
  name: string;
  open: boolean;
  onClose: () => void;
  /** Called once the server is on (before onClose). */
  onActivated?: () => void;
  /** Where the server came from, in place of the install link's sentence (a registry install says which registry). */
  intro?: string;
  /** What the source adds to the review (a registry entry's warnings), shown above what will run. */
  notes?: ReactNode;
  /**
   * Reviews a registry server's update to this version instead of its activation: what the
   * updated record would run (registry.update without a token writes nothing), and a yes applies
   * it with the review's token (the running server restarts on it).
   */
  updateTo?: string;
  /** With updateTo: values for inputs the new version asks for that the record cannot give. */
  updateInputs?: Readonly<Record<string, string>>;
  /** Error codes of the review that `notes` already answers (asking for what is missing), not shown again as an error. */
  answeredErrors?: readonly string[];
}

/** The registry.update question of a review (no token: it writes nothing); one shape wherever it is asked, so they share one answer. */
export const updateReviewRequest = (id: string, version: string, inputs: Readonly<Record<string, string>> = {}) => ({
  id,
  version,
  ...(Object.keys(inputs).length ? { inputs: { ...inputs } } : {}),
});

/**
 * The confirmation a server that arrived by install link needs before it first runs: everything
 * the host's review lists (command, each argument, the folder it runs in, URL, every env variable
 * and header with its value), with newlines, controls and bidi characters shown rather than obeyed.
 * Variables that change which code runs are marked and need a second, separate confirmation. The
 * review's token goes back with the confirmation, so the host refuses it if the server changed
 * after what was shown here. A web page wrote the link; the person decides whether it runs.
 */
export function ActivationReviewDialog({ serverId, name, open, onClose, onActivated, intro, notes, updateTo, updateInputs, answeredErrors = [] }: ActivationReviewDialogProps) {
  const { t } = useTranslation(['settings/tools', 'common', 'registry']);
  const [riskAccepted, setRiskAccepted] = useState(false);
  const safe = useSafeAnswer();
  // Fresh on every opening: a review read before an edit would only be refused as stale.
  const fresh = { staleTime: 0, gcTime: 0 } as const;
  const activation = useRoute('mcp.activation_review', { id: serverId }, { ...fresh, enabled: open && updateTo === undefined });
  const updateRequest = updateReviewRequest(serverId, updateTo ?? '', updateInputs);
  const update = useRoute('registry.update', updateRequest, { ...fresh, enabled: open && updateTo !== undefined });
  const review = updateTo === undefined ? activation : update;
  const confirmed = {
    onSuccess: () => {
      onActivated?.();
      onClose();
    },
    // Someone changed the server meanwhile: show what it would run now, to be confirmed again.
    onError: (error: { code: string }) => {
      if (error.code !== 'ACTIVATION_REVIEW_STALE') return;
      setRiskAccepted(false);
      void review.refetch();
    },
  };
  const activateServer = useRouteMutation('mcp.activate', { invalidates: ['mcp.list', 'mcp.status'], ...confirmed });
  const applyUpdate = useRouteMutation('registry.update', { invalidates: ['mcp.list', 'mcp.status', 'registry.updates'], ...confirmed });
  const activate = updateTo === undefined ? activateServer : applyUpdate;
  const data = updateTo === undefined ? activation.data : update.data?.review;
  // Inside a sentence a newline would fold into a space; the interpolation shows the other controls.
  const shownName = inlineSafe(name);
  const risky = data ? inlineSafe(riskyNames(data).join(', ')) : '';
  const none = <Typography.Text type="secondary">{t('activationReview.none')}</Typography.Text>;
  const code = (text: string, testId?: string) => (
    <Typography.Text code className="break-all" data-testid={testId}>
      <VisibleText text={text} />
    </Typography.Text>
  );
  const entries = (list: McpReviewEntry[], separator: string) =>
    list.length ? (
      <Flex vertical gap={4} align="flex-start">
        {list.map((entry) => (
          <Flex key={entry.name} gap={6} align="center" wrap>
            {code(entry.secret ? entry.name : `${entry.name}${separator}${entry.value ?? ''}`)}
            {entry.secret ? (
              <Tooltip title={t('activationReview.setTitle')}>
                <Tag tabIndex={0}>
                  {t('activationReview.set')}
                </Tag>
              </Tooltip>
            ) : null}
            {entry.risk ? (
              <Tooltip title={t(`activationReview.risk.${entry.risk}`)}>
                <Tag color="error" tabIndex={0} data-testid="review-risk-tag">
                  {t('activationReview.riskTag')}
                </Tag>
              </Tooltip>
            ) : null}
          </Flex>
        ))}
      </Flex>
    ) : (
      none
    );
  const item = (label: string, children: ReactNode) => <Descriptions.Item label={label}>{children}</Descriptions.Item>;

  return (
    <Modal
      open={open}
      title={updateTo === undefined ? t('activationReview.title', { name: shownName }) : t('registry:update.reviewTitle', { name: shownName, version: inlineSafe(updateTo) })}
      okText={updateTo === undefined ? t('activationReview.confirm') : t('registry:update.confirm')}
      cancelText={t('activationReview.cancel')}
      // Focus on keeping it off, not on the ×: turning on runs what the dialog shows.
      cancelButtonProps={safe.buttonProps}
      afterOpenChange={safe.afterOpenChange}
      okButtonProps={{ disabled: !data || (data.risky && !riskAccepted), loading: activate.isPending }}
      onOk={() => {
        if (!data) return;
        const answer = { id: serverId, reviewToken: data.reviewToken, ...(data.risky ? { riskAcknowledged: riskAccepted } : {}) };
        if (updateTo === undefined) activateServer.mutate(answer);
        else applyUpdate.mutate({ ...updateRequest, ...answer });
      }}
      onCancel={onClose}
      afterClose={() => {
        activate.reset();
        setRiskAccepted(false);
      }}
      destroyOnHidden
      width={680}
      data-testid="activation-review"
    >
      <Flex vertical gap="middle" data-testid="activation-review-body">
        <Alert type="warning" showIcon title={intro ?? t('activationReview.intro', { name: shownName })} />
        {notes}
        {review.error && !answeredErrors.includes(review.error.code) ? <ErrorAlert error={review.error} /> : null}
        {data ? (
          <Descriptions column={1} size="small" bordered classNames={{ label: 'review-label' }}>
            {item(t('activationReview.transport'), t(TRANSPORTS.get(data.type).displayKey))}
            {data.command !== undefined ? item(t('activationReview.command'), code(data.command, 'review-command')) : null}
            {data.command !== undefined
              ? item(
                  t('activationReview.args'),
                  data.args.length ? (
                    <ol data-testid="review-args" className="bullet-list">
                      {data.args.map((arg, index) => (
                        <li key={index}>{code(arg)}</li>
                      ))}
                    </ol>
                  ) : (
                    none
                  ),
                )
              : null}
            {data.cwd !== undefined ? item(t('activationReview.cwd'), code(data.cwd, 'review-cwd')) : null}
            {data.url !== undefined ? item(t('activationReview.url'), code(data.url, 'review-url')) : null}
            {item(t('activationReview.envKeys'), <div data-testid="review-env">{entries(data.env, '=')}</div>)}
            {item(t('activationReview.headerNames'), <div data-testid="review-headers">{entries(data.headers, ': ')}</div>)}
            {data.wsProtocol !== undefined ? item(t('activationReview.wsProtocol'), code(data.wsProtocol)) : null}
            {data.timeoutMs !== undefined ? item(t('activationReview.timeout'), t('activationReview.timeoutValue', { seconds: data.timeoutMs / 1000 })) : null}
            {data.oauth
              ? item(
                  t('activationReview.oauthClient'),
                  <Flex gap={6} align="center" wrap>
                    {data.oauth.clientId !== undefined ? code(data.oauth.clientId) : none}
                    {data.oauth.clientSecret ? <Tag>{t('activationReview.oauthSecretSet')}</Tag> : null}
                  </Flex>,
                )
              : null}
          </Descriptions>
        ) : review.isPending && open ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : null}
        {data ? <Typography.Text type="secondary">{t('activationReview.valuesHidden')}</Typography.Text> : null}
        {data?.risky ? (
          <Alert
            type="error"
            showIcon
            data-testid="review-risk"
            title={t('activationReview.riskTitle', { names: risky })}
            description={
              <Flex vertical gap="small">
                <span>{t('activationReview.riskIntro')}</span>
                <Checkbox checked={riskAccepted} onChange={(event) => setRiskAccepted(event.target.checked)} data-testid="review-risk-confirm">
                  {t('activationReview.riskConfirm', { names: risky })}
                </Checkbox>
              </Flex>
            }
          />
        ) : null}
        {activate.error ? <ErrorAlert error={activate.error} testId="activation-error" /> : null}
      </Flex>
    </Modal>
  );
}
