import { ApiOutlined, CopyOutlined, DeleteOutlined, EditOutlined, EllipsisOutlined, FileTextOutlined, HistoryOutlined, KeyOutlined, LinkOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Switch, Tag } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { memo, useCallback, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSPORTS } from '@shared/transports';
import { inlineSafe } from '@shared/text/visibleControls';
import type { McpServerTransport } from '@shared/contracts/mcp-types';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { VisibleText } from '@renderer/components/VisibleText';
import { useToolsTabNav } from '../ToolsTabNav';
import { SignedInTag } from '../server-auth/SignedInTag';
import { SignInBar } from '../server-auth/SignInBar';
import { ActivationReviewDialog } from './ActivationReviewDialog';
import { FailureExplanation } from './FailureExplanation';
import { useListPopups } from './ListPopups';
import { ListTooltip } from './ListTooltip';
import { RegistryUpdateTag } from './RegistryUpdateTag';
import { RowAction } from './RowAction';
import { StateBadge } from './StateBadge';
import { Truncated } from './Truncated';
import { useServerRow } from './useServerRow';
import { dynamicStyle } from '@renderer/theme/dynamicStyle';
import { useRowTabStops } from '@renderer/components/rovingFocus';
import type { ServerView } from './serverView';

/** Tag colours by position in the transport table, so a new transport gets one without an edit here. */
const TRANSPORT_PALETTE = ['geekblue', 'purple', 'cyan', 'magenta', 'gold', 'lime', 'volcano'] as const;
const transportColor = (type: McpServerTransport) => TRANSPORT_PALETTE[TRANSPORTS.types.indexOf(type) % TRANSPORT_PALETTE.length];

export interface ServerRowProps {
  view: ServerView;
  /** The tool names the search matched, ", "-joined ('' for none): a string, so a row whose matches did not change is not rendered again. */
  matchedTools: string;
  onDelete: (view: ServerView) => void;
  /** The list's message API (rendered in the list, so it follows the theme and the language). */
  messages: MessageInstance;
  /** The list's one tab stop (roving focus): only this row's controls are in the tab order. */
  current: boolean;
  selected: boolean;
  onSelect: (id: string, selected: boolean) => void;
  onFocusRow: (index: number) => void;
  onRowKey: (event: KeyboardEvent<HTMLLIElement>, index: number, view: ServerView, selected: boolean) => void;
  /** Where the virtualized list placed the row (plain values, so the memo holds while it stays put), and how it reports its height. */
  index: number;
  offset: number;
  measure: (element: HTMLLIElement | null) => void;
}

/**
 * One server's place in the list: the roving tab stop, its keys, its offset. Apart from the
 * content so that a row moving (a row above grew, the list scrolled into new rows) or the tab
 * stop moving re-renders this element only, not the dozen antd controls inside.
 */
export const ServerRow = memo(function ServerRowView({ view, matchedTools, current, selected, onFocusRow, onRowKey, index, offset, measure, ...content }: ServerRowProps) {
  const { t } = useTranslation('settings/tools');
  const element = useRef<HTMLLIElement | null>(null);
  const attach = useCallback(
    (li: HTMLLIElement | null) => {
      element.current = li;
      measure(li);
    },
    [measure],
  );
  useRowTabStops(element, current);
  return (
    <li
      data-testid="server-row"
      data-server-name={view.server.name}
      data-state={view.state}
      aria-label={view.server.name}
      ref={attach}
      data-index={index}
      tabIndex={current ? 0 : -1}
      onFocus={() => onFocusRow(index)}
      onKeyDown={(event) => onRowKey(event, index, view, selected)}
      className="server-row virtual-row"
      style={dynamicStyle({ transform: `translateY(${offset}px)` })}
    >
      <RowContent view={view} selected={selected} {...content} />
      {/* Apart from the content: a search keystroke that changes only this line leaves the row's controls alone. */}
      {matchedTools ? <Truncated text={t('list.matchingTools', { names: matchedTools })} secondary className="block" testId="matching-tools" /> : null}
    </li>
  );
});

type RowContentProps = Pick<ServerRowProps, 'view' | 'onDelete' | 'messages' | 'selected' | 'onSelect'>;

/**
 * One server: selection, switch, name (opens its detail), transport, live state, tools, key source
 * and scope on the first line; its command or URL (and masked env and headers, revealed on request)
 * below; a failure's explanation and a test's result under that.
 */
const RowContent = memo(function RowContentView({ view, onDelete, messages, selected, onSelect }: RowContentProps) {
  const { t, i18n } = useTranslation(['settings/tools', 'common', 'registry']);
  const nav = useToolsTabNav();
  const popups = useListPopups();
  const { server, status, state, tools, toolsSeenAt, keySource } = view;
  const { revealed, revealing, revealError, toggleSecrets, reviewing, setReviewing, unreviewed, setActive, reconnect, test, retry, target, env, headers, hasSecrets, failure, stateReason } =
    useServerRow(view, messages);
  const name = server.name;
  // A server from a registry says so where it waits for its review (a link's says "from a link").
  const origin = server.registryOrigin;

  return (
    <>
      <div className="row-line min-w-0">
        <Checkbox checked={selected} aria-label={t('bulk.select', { name })} onChange={(event) => onSelect(server.id, event.target.checked)} data-testid="server-select" />
        <Switch
          size="small"
          checked={server.isActive}
          loading={setActive.isPending}
          aria-label={t('list.activeLabel', { name })}
          // A server from an install link runs nothing until the person has seen what it would run.
          onChange={(isActive) => (isActive && unreviewed ? setReviewing(true) : setActive.mutate({ id: server.id, updates: { isActive } }))}
        />
        <ListTooltip title={<VisibleText text={name} />} mouseEnterDelay={0.4}>
          {/* The name opens the detail, as a person expects of it; the label keeps the name first-heard. */}
          <button type="button" className="server-row-name truncated truncated-strong name-link" aria-label={t('detail.open', { name })} onClick={() => nav.openDetail(server.id)} data-testid="server-name">
            <VisibleText text={name} />
          </button>
        </ListTooltip>
        <div className="row-tags flex-rest">
          <Tag {...(transportColor(server.type) && { color: transportColor(server.type) })}>
            {t(TRANSPORTS.get(server.type).displayKey)}
          </Tag>
          {unreviewed ? (
            <ListTooltip title={origin ? t('registry:list.tagTitle', { registry: origin.registryUrl }) : t('activationReview.tagTitle')}>
              <Tag color="warning" variant="filled" data-testid="from-link" tabIndex={0}>
                {origin ? t('registry:list.tag') : t('activationReview.tag')}
              </Tag>
            </ListTooltip>
          ) : null}
          {server.registryOrigin ? <RegistryUpdateTag server={server} /> : null}
          <StateBadge
            state={state}
            details={status}
            reason={state === 'error' ? stateReason : state === 'unknown' ? t('common:hostConnection.rowStateReason') : undefined}
          />
          {state === 'error' && status?.retry ? <RetryTag at={status.retry.at} failures={status.retry.attempts} language={i18n.language} /> : null}
          {/* Only where there is a sign-in to show: the tag reads the states and holds three mutations, per row. */}
          {status?.auth?.state === 'signed_in' ? <SignedInTag server={server} /> : null}
          {tools ? (
            <ListTooltip
              title={
                toolsSeenAt !== undefined
                  ? t('list.toolsSeenTitle', { time: new Date(toolsSeenAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }), names: tools.slice(0, 30).join(', ') || '—' })
                  : tools.length
                    ? t('list.toolsTitle', { names: tools.slice(0, 30).join(', ') })
                    : undefined
              }
            >
              <Tag
                variant={toolsSeenAt !== undefined ? 'outlined' : 'filled'}
                icon={toolsSeenAt !== undefined ? <HistoryOutlined aria-hidden /> : undefined}
                data-testid="tool-count"
                data-seen={toolsSeenAt !== undefined ? 'last' : 'live'}
               
                tabIndex={tools.length || toolsSeenAt !== undefined ? 0 : undefined}
              >
                {t(toolsSeenAt !== undefined ? 'list.toolsSeen' : 'list.tools', { count: tools.length })}
                {server.disabledTools.length ? ` · ${t('list.toolsOff', { count: server.disabledTools.length })}` : ''}
              </Tag>
            </ListTooltip>
          ) : null}
          <ListTooltip title={server.scope === 'local' && server.projectPath ? t('list.scopeLocalTitle', { path: server.projectPath }) : undefined}>
            <Tag variant="filled" data-testid="server-scope" className="tag-capped">
              {t(`list.scope.${server.scope}`)}
              {server.scope === 'local' && server.projectPath ? ` · ${server.projectPath.split(/[\\/]/).filter(Boolean).pop() ?? server.projectPath}` : ''}
            </Tag>
          </ListTooltip>
          {keySource.kind === 'provider' ? (
            <Tag icon={<LinkOutlined aria-hidden />} color="green" variant="filled" data-testid="key-source">
              {t('list.keyProvider', { provider: keySource.providerName })}
            </Tag>
          ) : keySource.kind === 'secret' ? (
            <ListTooltip title={t('list.keySecretTitle')}>
              <Tag icon={<KeyOutlined aria-hidden />} variant="filled" data-testid="key-source" tabIndex={0}>
                {t('list.keySecret')}
              </Tag>
            </ListTooltip>
          ) : null}
        </div>
        <div role="group" aria-label={t('list.actionsLabel', { name })} className="row-actions flex-none">
          <ListTooltip title={t('list.actions.test')}>
            <RowAction icon={<ApiOutlined aria-hidden />} label={t('list.actions.test')} loading={test.isPending} onClick={() => test.mutate({ id: server.id })} />
          </ListTooltip>
          <ListTooltip title={t('list.actions.reconnect')}>
            <RowAction icon={<ReloadOutlined aria-hidden />} label={t('list.actions.reconnect')} loading={reconnect.isPending} disabled={!server.isActive} onClick={retry} />
          </ListTooltip>
          <ListTooltip title={t('list.actions.edit')}>
            <RowAction icon={<EditOutlined aria-hidden />} label={t('list.actions.edit')} onClick={() => nav.openForm({ mode: 'edit', serverId: server.id })} />
          </ListTooltip>
          <RowAction
            icon={<EllipsisOutlined aria-hidden />}
            label={t('list.actions.more')}
            aria-haspopup="menu"
            onClick={(event) =>
              popups.menu(event.currentTarget, [
                { key: 'duplicate', icon: <CopyOutlined aria-hidden />, label: t('list.actions.duplicate'), onClick: () => nav.openForm({ mode: 'duplicate', serverId: server.id }) },
                { key: 'logs', icon: <FileTextOutlined aria-hidden />, label: t('list.actions.logs'), onClick: () => nav.openDetail(server.id, 'logs') },
              ])
            }
          />
          <ListTooltip title={t('list.actions.delete')}>
            <RowAction
              icon={<DeleteOutlined aria-hidden />}
              label={t('list.actions.delete')}
              danger
              aria-haspopup="dialog"
              onClick={(event) =>
                popups.confirm(event.currentTarget, {
                  title: t('list.deleteConfirm.title', { name }),
                  description: <div className="confirm-text">{t('list.deleteConfirm.description')}</div>,
                  okText: t('list.deleteConfirm.ok'),
                  cancelText: t('list.deleteConfirm.cancel'),
                  danger: true,
                  onConfirm: () => onDelete(view),
                })
              }
            />
          </ListTooltip>
        </div>
      </div>
      <div className="row-line mt-xxs min-w-0">
        <span className="text-secondary flex-none">{t(target.kind === 'command' ? 'list.command' : 'list.url')}:</span>
        {target.text ? (
          <Truncated text={target.text} code className="server-row-target" testId="server-target" />
        ) : (
          <span className="text-secondary">{t('list.notSet')}</span>
        )}
      </div>
      {env || headers || hasSecrets ? (
        <div className="row-secrets mt-xxs min-w-0">
          {env ? (
            <Truncated text={env} secondary className="server-row-secret">
              {t('list.env')}: <code>
                <VisibleText text={env} />
              </code>
            </Truncated>
          ) : null}
          {headers ? (
            <Truncated text={headers} secondary className="server-row-secret">
              {t('list.headers')}: <code>
                <VisibleText text={headers} />
              </code>
            </Truncated>
          ) : null}
          {hasSecrets ? (
            <Button size="small" type="link" loading={revealing} onClick={() => void toggleSecrets()} className="padding-inline-0">
              {t(revealed ? 'list.hideSecrets' : 'list.showSecrets')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {revealError ? <ErrorAlert error={revealError} /> : null}
      {unreviewed ? (
        <ActivationReviewDialog
          serverId={server.id}
          name={name}
          open={reviewing}
          onClose={() => setReviewing(false)}
          {...(origin && { intro: t('registry:install.reviewIntro', { name: inlineSafe(name), registry: origin.registryUrl }) })}
        />
      ) : null}
      {test.data || test.error ? (
        <div className="mt-xs" data-testid="test-result">
          {test.error ? (
            <ErrorAlert error={test.error} />
          ) : test.data?.success ? (
            <Alert
              type="success"
              showIcon
              closable={{ 'aria-label': t('list.dismissTest') }}
              onClose={() => test.reset()}
              title={t('list.testOk', { count: test.data.tools.length, ms: Math.round(test.data.durationMs) })}
              description={test.data.serverInfo ? t('list.testServerInfo', test.data.serverInfo) : undefined}
            />
          ) : test.data?.error ? (
            <FailureExplanation server={server} failure={test.data.error} onRetry={() => test.mutate({ id: server.id })} retrying={test.isPending} />
          ) : null}
        </div>
      ) : null}
      {status?.auth && status.auth.state !== 'signed_in' ? (
        <div className="mt-xs">
          <SignInBar server={server} />
        </div>
      ) : null}
      {/* A sign-in failure is the sign-in bar's to explain, with its own action. */}
      {failure && !test.data?.error && !(status?.auth && failure.code.startsWith('AUTH_')) ? (
        <div className="mt-xs">
          <FailureExplanation server={server} failure={failure} onRetry={retry} retrying={reconnect.isPending} />
        </div>
      ) : null}
    </>
  );
});

/** Until when implicit use leaves a failing server alone, and after how many failures in a row (the wait doubles each time). */
function RetryTag({ at, failures, language }: { at: number; failures: number; language: string }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const time = new Date(at).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return (
    <ListTooltip title={t('list.retryTitle', { count: failures, time })}>
      <Tag data-testid="retry-at" data-failures={failures} variant="filled" tabIndex={0}>
        {t('list.retry', { time })}
      </Tag>
    </ListTooltip>
  );
}
