import { Alert, Button, Checkbox, Flex, Modal, Typography } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useTranslation } from 'react-i18next';
import type { McpBulkAction, McpBulkOutcome } from '@shared/contracts/mcp-bulk';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { translateError } from '@renderer/components/translateError';
import { VisibleText } from '@renderer/components/VisibleText';
import { useBulkActions, type BulkReport } from './useBulkActions';
import type { ServerView } from './serverView';

/** How long "Undo" stays offered after a remove (the host keeps removed records restorable this long and more). */
const UNDO_SECONDS = 8;
/** Names listed in the remove confirmation before "and N more". */
const NAMES_LISTED = 8;

interface BulkBarProps {
  /** The rows the filters show: "select all" selects these. */
  shown: ServerView[];
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
  nameOf: (id: string) => string;
  messages: MessageInstance;
}

/**
 * Above the list: select every shown server, and act on the selected ones (enable, disable, test,
 * remove after a confirmation that names them). What failed stays selected and is listed with why,
 * so a second try is one click.
 */
export function BulkBar({ shown, selected, onSelect, nameOf, messages }: BulkBarProps) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const [modal, modalHolder] = Modal.useModal();
  const bulk = useBulkActions();
  const ids = [...selected];
  const shownSelected = shown.filter((view) => selected.has(view.server.id)).length;

  const act = async (action: McpBulkAction, on: string[]) => {
    const results = await bulk.run(action, on);
    if (!results) return;
    // What failed stays selected for another try; what worked leaves the selection.
    onSelect(new Set(results.filter((outcome) => !outcome.ok).map((outcome) => outcome.id)));
    const removed = action === 'remove' ? results.filter((outcome) => outcome.ok).map((outcome) => outcome.id) : [];
    if (removed.length) offerUndo(removed);
  };

  const offerUndo = (removed: string[]) => {
    const key = `bulk-removed-${removed.join(',')}`;
    void messages.open({
      key,
      type: 'success',
      duration: UNDO_SECONDS,
      content: (
        <span data-testid="undo-bulk-remove" role="status">
          {t('bulk.removed', { count: removed.length })}{' '}
          <Button size="small" type="link" className="undo-link" onClick={() => (messages.destroy(key), void act('restore', removed))}>
            {t('list.undo')}
          </Button>
        </span>
      ),
    });
  };

  const confirmRemove = () => {
    const names = ids.map(nameOf);
    void modal.confirm({
      title: t('bulk.removeConfirm.title', { count: ids.length }),
      content: (
        <div data-testid="bulk-remove-confirm">
          <ul className="bulk-names">
            {names.slice(0, NAMES_LISTED).map((name, index) => (
              <li key={ids[index]}>
                <VisibleText text={name} />
              </li>
            ))}
          </ul>
          {names.length > NAMES_LISTED ? <Typography.Text type="secondary">{t('bulk.removeConfirm.more', { count: names.length - NAMES_LISTED })}</Typography.Text> : null}
          <Typography.Paragraph className="confirm-text-wide">{t('bulk.removeConfirm.description', { seconds: UNDO_SECONDS })}</Typography.Paragraph>
        </div>
      ),
      okText: t('bulk.removeConfirm.ok', { count: ids.length }),
      okButtonProps: { danger: true },
      cancelText: t('list.deleteConfirm.cancel'),
      // The safe choice is where focus lands: Enter by habit removes nothing.
      autoFocusButton: 'cancel',
      onOk: () => void act('remove', ids),
    });
  };

  const allShown = shown.length > 0 && shownSelected === shown.length;
  const button = (action: Exclude<McpBulkAction, 'restore' | 'remove'>) => (
    <Button size="small" loading={bulk.running === action} disabled={bulk.running !== undefined} onClick={() => void act(action, ids)}>
      {t(`bulk.actions.${action}`)}
    </Button>
  );

  return (
    <Flex vertical gap="small" data-testid="bulk-bar">
      {modalHolder}
      <Flex gap="small" align="center" wrap role="toolbar" aria-label={t('bulk.label')}>
        <Checkbox
          checked={allShown}
          indeterminate={shownSelected > 0 && !allShown}
          onChange={(event) => onSelect(new Set(event.target.checked ? [...selected, ...shown.map((view) => view.server.id)] : [...selected].filter((id) => !shown.some((view) => view.server.id === id))))}
        >
          {selected.size ? t('bulk.selected', { count: selected.size }) : t('bulk.selectAll', { count: shown.length })}
        </Checkbox>
        {selected.size ? (
          <>
            {button('enable')}
            {button('disable')}
            {button('test')}
            <Button size="small" danger loading={bulk.running === 'remove'} disabled={bulk.running !== undefined} onClick={confirmRemove}>
              {t('bulk.actions.remove')}
            </Button>
            <Button size="small" type="link" onClick={() => onSelect(new Set())}>
              {t('bulk.clear')}
            </Button>
          </>
        ) : null}
      </Flex>
      {bulk.error ? <ErrorAlert error={bulk.error} /> : null}
      {bulk.report ? <BulkReportAlert report={bulk.report} nameOf={nameOf} onClose={bulk.dismiss} /> : null}
    </Flex>
  );
}

/** What one bulk action did: how many worked, and each failure with its server's name and why. */
function BulkReportAlert({ report, nameOf, onClose }: { report: BulkReport; nameOf: (id: string) => string; onClose: () => void }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const failed = report.results.filter((outcome) => !outcome.ok);
  const why = (outcome: McpBulkOutcome) => {
    const error = outcome.error ?? outcome.test?.error;
    return error ? translateError(tErrors, error) : t('bulk.failedUnknown');
  };
  return (
    <Alert
      data-testid="bulk-report"
      type={failed.length ? 'warning' : 'success'}
      showIcon
      closable={{ 'aria-label': t('bulk.dismiss') }}
      onClose={onClose}
      title={t(`bulk.done.${report.action}`, { count: report.results.length - failed.length, total: report.results.length })}
      description={
        failed.length ? (
          <ul className="bulk-names" data-testid="bulk-failures">
            {failed.map((outcome) => (
              <li key={outcome.id}>
                <strong>
                  <VisibleText text={nameOf(outcome.id)} />
                </strong>
                : {why(outcome)}
              </li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}
