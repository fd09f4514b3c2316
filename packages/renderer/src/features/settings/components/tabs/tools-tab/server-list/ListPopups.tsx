import { Dropdown, type MenuProps } from 'antd';
import { SafeConfirm } from '@renderer/components/SafeConfirm';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Anchor } from './ListTooltip';

/**
 * One delete confirmation and one "More" menu for the whole server list, as ListTooltip is one
 * tooltip: an antd Popconfirm or Dropdown per row is a trigger with a resize observer, its hooks
 * and styles, mounted for every row a search keystroke brings on screen (bench/serverSearch.bench.ts).
 * A row's button only asks for the popup; the list's single one opens aligned to that button,
 * with the keys each had: the menu takes focus and Esc gives it back to the button (rc-dropdown
 * does both for its trigger, which here is the button), the confirmation puts focus on its safe
 * answer (Cancel) and Esc gives it back too.
 */
export interface ListConfirm {
  title: ReactNode;
  description?: ReactNode;
  okText: string;
  cancelText: string;
  /** A destructive answer: its button is red. */
  danger?: boolean;
  onConfirm: () => void;
}

type MenuItems = NonNullable<MenuProps['items']>;

type Open = { target: HTMLElement } & ({ kind: 'confirm'; confirm: ListConfirm } | { kind: 'menu'; items: MenuItems });

interface ListPopupsApi {
  /** Opens the confirmation at `target`, or closes it when it is already open there (a second click on the button). */
  confirm: (target: HTMLElement, confirm: ListConfirm) => void;
  /** Opens the menu at `target`, or closes it when it is already open there. */
  menu: (target: HTMLElement, items: MenuItems) => void;
}

const ListPopupsContext = createContext<ListPopupsApi | null>(null);

export function useListPopups(): ListPopupsApi {
  const api = useContext(ListPopupsContext);
  if (!api) throw new Error('useListPopups outside ListPopupsProvider');
  return api;
}

export function ListPopupsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open | null>(null);
  const toggle = useCallback((next: Open) => setOpen((current) => (current?.target === next.target && current.kind === next.kind ? null : next)), []);
  const api = useMemo<ListPopupsApi>(
    () => ({
      confirm: (target, confirm) => toggle({ kind: 'confirm', target, confirm }),
      menu: (target, items) => toggle({ kind: 'menu', target, items }),
    }),
    [toggle],
  );
  const latest = useRef<Open | null>(null);
  useEffect(() => {
    latest.current = open;
  }, [open]);
  /** Closes; focus inside the popup goes back to the button that opened it, as it would from a per-row popup. */
  const close = useCallback(() => {
    const target = latest.current?.target;
    const focusInside = document.activeElement instanceof HTMLElement && document.activeElement.closest('.ant-popover, .ant-dropdown') !== null;
    if (target?.isConnected && focusInside) target.focus();
    setOpen(null);
  }, []);
  useEscapeToClose(open?.kind === 'confirm' ? open.target : undefined, close);

  // A row the search filtered away (or the list scrolled past) takes its button with it.
  const shown = open !== null && open.target.isConnected ? open : null;
  return (
    <ListPopupsContext.Provider value={api}>
      {children}
      {shown?.kind === 'confirm' ? (
        <SafeConfirm
          open
          // Below and to the left of the button, at the row's end: antd turns it when there is no room, so it opens whole on screen.
          placement="bottomRight"
          title={shown.confirm.title}
          description={shown.confirm.description}
          okText={shown.confirm.okText}
          cancelText={shown.confirm.cancelText}
          okButtonProps={{ danger: shown.confirm.danger === true }}
          onConfirm={() => {
            shown.confirm.onConfirm();
            close();
          }}
          onCancel={close}
          onOpenChange={(next) => (next ? undefined : close())}
          destroyOnHidden
        >
          <Anchor target={shown.target} />
        </SafeConfirm>
      ) : null}
      {shown?.kind === 'menu' ? (
        <Dropdown open autoFocus trigger={['click']} menu={{ items: shown.items, onClick: close }} onOpenChange={(next) => (next ? undefined : close())} destroyOnHidden>
          <Anchor target={shown.target} />
        </Dropdown>
      ) : null}
    </ListPopupsContext.Provider>
  );
}

/** Esc closes the confirmation from wherever focus is (its trigger, the per-row Popconfirm's Esc handler, is not rendered here). */
function useEscapeToClose(target: HTMLElement | undefined, close: () => void): void {
  useEffect(() => {
    if (!target) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      if (target.isConnected) target.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [target, close]);
}
