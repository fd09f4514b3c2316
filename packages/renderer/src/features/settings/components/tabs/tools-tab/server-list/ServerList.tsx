import { SearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { defaultRangeExtractor, useWindowVirtualizer } from '@tanstack/react-virtual';
import { Button, Flex, Input, Select, Spin, Typography, message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerRecord, McpServerStatus } from '@shared/contracts/mcp-types';
import { MCP_SERVER_TRANSPORTS } from '@shared/contracts/mcp-types';
import { TRANSPORTS } from '@shared/transports';
import { useHost } from '@renderer/bridge/HostContext';
import { translateError } from '@renderer/components/translateError';
import { useToolsTabNav } from '../ToolsTabNav';
import { BulkBar } from './BulkBar';
import { EmptyServers } from './EmptyServers';
import { ListPopupsProvider } from './ListPopups';
import { ListTooltipProvider } from './ListTooltip';
import { rowAfterKey } from '@renderer/components/rovingFocus';
import { ServerRow } from './ServerRow';
import { useServerViews } from './useServerViews';
import { isFiltering, matchingTools, NO_FILTER, ROW_STATES, selectServers, SORT_KEYS, type ServerFilter, type ServerView, type SortKey } from './serverView';
import { dynamicStyle } from '@renderer/theme/dynamicStyle';

/** Each sort's words: in the open list how it sorts, and in the closed select (narrow) just by what. */
const SORT_LABELS = {
  name: { option: 'list.toolbar.sortName', closed: 'list.toolbar.sortName' },
  state: { option: 'list.toolbar.sortState', closed: 'list.toolbar.state' },
  recent: { option: 'list.toolbar.sortRecent', closed: 'list.toolbar.sortRecent' },
} as const satisfies Record<SortKey, { option: string; closed: string }>;

/** How long "Undo" stays offered after a delete. */
const UNDO_SECONDS = 8;

interface ServerListProps {
  /** Undefined until the first answer arrives. */
  servers: McpServerRecord[] | undefined;
  loading: boolean;
  states: ReadonlyMap<string, McpServerStatus>;
}

/** Delete with an "Undo" that brings back exactly what was deleted (mcp.restore). */
function useDeleteWithUndo(messages: MessageInstance): (view: ServerView) => void {
  const { t } = useTranslation(['settings/tools', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const host = useHost();
  const client = useQueryClient();
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: ['mcp.list'] }), [client]);

  return useCallback(
    (view: ServerView) => {
      const { id, name } = view.server;
      const key = `deleted-${id}`;
      const undo = async () => {
        messages.destroy(key);
        const restored = await host.request('mcp.restore', { id });
        if (!restored.ok) return void messages.error(translateError(tErrors, restored.error));
        reload();
        void messages.success(t('list.restored', { name }));
      };
      void host.request('mcp.remove', { id }).then((removed) => {
        if (!removed.ok) return void messages.error(translateError(tErrors, removed.error));
        reload();
        void messages.open({
          key,
          type: 'success',
          duration: UNDO_SECONDS,
          content: (
            <span data-testid="undo-delete" role="status">
              {t('list.deleted', { name })}{' '}
              <Button size="small" type="link" onClick={() => void undo()} className="undo-link">
                {t('list.undo')}
              </Button>
            </span>
          ),
        });
      });
    },
    [host, messages, reload, t, tErrors],
  );
}

/**
 * A link handed to the app (by the OS in Electron, by the CLI in browser mode) adds servers this
 * window did not ask for: say so, and that they stay off until reviewed (the rows say which).
 */
function useLinkArrivals(messages: MessageInstance): void {
  const host = useHost();
  const { t } = useTranslation(['settings/tools', 'common']);
  useEffect(
    () =>
      host.on('mcp.link_installed', ({ ids }) => {
        void messages.open({ type: 'info', duration: 10, content: <span data-testid="link-arrived">{t('activationReview.linkArrived', { count: ids.length })}</span> });
      }),
    [host, messages, t],
  );
}

export function ServerList({ servers, loading, states }: ServerListProps) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const [messages, messageHolder] = message.useMessage();
  const [filter, setFilter] = useState<ServerFilter>(NO_FILTER);
  const [sort, setSort] = useState<SortKey>('name');
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const query = filter.query;
  const onDelete = useDeleteWithUndo(messages);
  useLinkArrivals(messages);

  const views = useServerViews(servers, states);
  // Not deferred: with only the rows on screen rendered, one commit for the box and the rows paints the result
  // sooner (bench/serverSearch.bench.ts: median key 30 → 13 ms at 200 servers) than a deferred render time-sliced behind it.
  const { states: stateFilter, transports, scopes, active } = filter;
  const shown = useMemo(() => selectServers(views, { query, states: stateFilter, transports, scopes, active }, sort), [views, query, stateFilter, transports, scopes, active, sort]);
  // A server deleted elsewhere leaves the selection with it.
  const present = useMemo(() => new Set(views.map((view) => view.server.id)), [views]);
  const selection = useMemo(() => new Set([...selected].filter((id) => present.has(id))), [selected, present]);
  const nameOf = useCallback((id: string) => views.find((view) => view.server.id === id)?.server.name ?? id, [views]);
  const onSelectRow = useCallback(
    (id: string, on: boolean) =>
      setSelected((before) => {
        const next = new Set(before);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );

  let body;
  if (servers === undefined) {
    body = loading ? <Spin description={t('list.loading')} /> : null;
  } else if (servers.length === 0) {
    body = <EmptyServers />;
  } else {
    body = (
      <Flex vertical gap="small">
        <Toolbar filter={filter} onFilter={setFilter} sort={sort} onSort={setSort} shown={shown.length} count={servers.length} />
        <BulkBar shown={shown} selected={selection} onSelect={setSelected} nameOf={nameOf} messages={messages} />
        {shown.length === 0 ? (
          <Typography.Text type="secondary" data-testid="servers-no-match" className="no-match">
            {t('list.noMatch')}
          </Typography.Text>
        ) : (
          <ServerRows views={shown} query={query} onDelete={onDelete} messages={messages} selected={selection} onSelect={onSelectRow} />
        )}
      </Flex>
    );
  }

  return (
    <section data-testid="server-list" aria-label={t('list.label')} aria-busy={loading}>
      {messageHolder}
      <ListTooltipProvider>
        <ListPopupsProvider>{body}</ListPopupsProvider>
      </ListTooltipProvider>
    </section>
  );
}

/** A row's height before it is measured: one line of tags, the command line, padding. */
const ROW_ESTIMATE = 84;

/** What the list assumes before there is a layout (first paint, jsdom): a window's worth of rows. */
const NO_LAYOUT_RECT = { width: 960, height: 720 };

/**
 * The list's top in the page, which the window virtualizer counts its rows from. What is above
 * it can change height (the toolbar wraps, a report appears), which changes the page's height:
 * a ResizeObserver on the body measures again then (and once when it starts observing).
 */
function useOffsetInPage(element: RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    const target = element.current;
    const Observer = target?.ownerDocument.defaultView?.ResizeObserver;
    if (!target || !Observer) return;
    const observer = new Observer(() => {
      const top = Math.round(target.getBoundingClientRect().top + window.scrollY);
      setOffset((before) => (before === top ? before : top));
    });
    observer.observe(target.ownerDocument.body);
    return () => observer.disconnect();
  }, [element]);
  return offset;
}

interface ServerRowsProps {
  views: ServerView[];
  query: string;
  onDelete: (view: ServerView) => void;
  messages: MessageInstance;
  selected: ReadonlySet<string>;
  onSelect: (id: string, selected: boolean) => void;
}

/**
 * The rows, in the page's own scroll (no box of its own to scroll inside): only those on screen
 * are rendered, so 200 servers cost what 10 do. The current row (roving focus, rovingFocus.ts) is
 * always rendered, so the list keeps its one tab stop wherever the page is scrolled.
 */
function ServerRows({ views, query, onDelete, messages, selected, onSelect }: ServerRowsProps) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const nav = useToolsTabNav();
  const list = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  // The row to focus once it is rendered (an arrow key may move to one the virtualizer has yet to render).
  const pendingFocus = useRef<number | undefined>(undefined);
  const currentIndex = Math.min(current, views.length - 1);
  const scrollMargin = useOffsetInPage(list);
  // The virtualizer is read fresh each render; the rows it feeds are memo'd on plain values.
  const virtualizer = useWindowVirtualizer({
    count: views.length,
    estimateSize: () => ROW_ESTIMATE,
    // Without layout (jsdom) an element measures 0; keep the estimate then.
    measureElement: (element) => element.getBoundingClientRect().height || ROW_ESTIMATE,
    // Few rows past the screen: each is a dozen antd controls, and a key press re-renders those whose matches changed.
    overscan: 3,
    getItemKey: (index) => views[index]!.server.id,
    initialRect: NO_LAYOUT_RECT,
    scrollMargin,
    rangeExtractor: (range) => {
      const indexes = defaultRangeExtractor(range);
      return indexes.includes(currentIndex) ? indexes : [...indexes, currentIndex].sort((a, b) => a - b);
    },
  });

  useEffect(() => {
    if (pendingFocus.current === undefined) return;
    const row = list.current?.querySelector<HTMLElement>(`[data-index="${pendingFocus.current}"]`);
    if (!row) return;
    row.focus();
    pendingFocus.current = undefined;
  });

  const onRowFocus = useCallback((index: number) => setCurrent(index), []);
  const onRowKey = useCallback(
    (event: KeyboardEvent<HTMLLIElement>, index: number, view: ServerView, isSelected: boolean) => {
      const next = rowAfterKey(event, index, views.length);
      if (next !== undefined) {
        event.preventDefault();
        setCurrent(next);
        virtualizer.scrollToIndex(next);
        pendingFocus.current = next;
      } else if (event.target === event.currentTarget && event.key === ' ') {
        event.preventDefault();
        onSelect(view.server.id, !isSelected);
      } else if (event.target === event.currentTarget && event.key === 'Enter') {
        nav.openDetail(view.server.id);
      }
    },
    [nav, onSelect, views.length, virtualizer],
  );

  return (
    <ul ref={list} className="plain-list virtual-list" aria-label={t('list.label')} style={dynamicStyle({ height: virtualizer.getTotalSize() })}>
      {virtualizer.getVirtualItems().map((item) => {
        const view = views[item.index]!;
        const isSelected = selected.has(view.server.id);
        return (
          <ServerRow
            key={item.key}
            view={view}
            matchedTools={matchingTools(view, query).join(', ')}
            onDelete={onDelete}
            messages={messages}
            current={item.index === currentIndex}
            selected={isSelected}
            onSelect={onSelect}
            onFocusRow={onRowFocus}
            onRowKey={onRowKey}
            index={item.index}
            offset={item.start - scrollMargin}
            measure={virtualizer.measureElement}
          />
        );
      })}
    </ul>
  );
}

function Toolbar({
  filter,
  onFilter,
  sort,
  onSort,
  shown,
  count,
}: {
  filter: ServerFilter;
  onFilter: (filter: ServerFilter) => void;
  sort: SortKey;
  onSort: (sort: SortKey) => void;
  shown: number;
  count: number;
}) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const set = (patch: Partial<ServerFilter>) => onFilter({ ...filter, ...patch });
  const small = { size: 'small' as const, maxTagCount: 'responsive' as const, allowClear: true };
  return (
    <Flex gap="small" wrap align="center" role="search" data-testid="server-toolbar">
      <Input
        size="small"
        allowClear
        prefix={<SearchOutlined aria-hidden className="text-tertiary" />}
        placeholder={t('list.toolbar.search')}
        aria-label={t('list.toolbar.search')}
        value={filter.query}
        onChange={(event) => set({ query: event.target.value })}
        // Wide enough at the default window size for the whole placeholder, which says what it searches.
        className="server-search"
      />
      <Select
        {...small}
        mode="multiple"
        aria-label={t('list.toolbar.state')}
        placeholder={t('list.toolbar.state')}
        value={filter.states}
        onChange={(states) => set({ states })}
        options={ROW_STATES.map((state) => ({ value: state, label: t(`list.state.${state}`) }))}
        className="filter-state"
      />
      <Select
        {...small}
        mode="multiple"
        aria-label={t('list.toolbar.transport')}
        placeholder={t('list.toolbar.transport')}
        value={filter.transports}
        onChange={(transports) => set({ transports })}
        options={MCP_SERVER_TRANSPORTS.map((type) => ({ value: type, label: t(TRANSPORTS.get(type).displayKey) }))}
        className="filter-transport"
      />
      <Select
        {...small}
        mode="multiple"
        aria-label={t('list.toolbar.scope')}
        placeholder={t('list.toolbar.scope')}
        value={filter.scopes}
        onChange={(scopes) => set({ scopes })}
        options={(['user', 'local'] as const).map((scope) => ({ value: scope, label: t(`list.scope.${scope}`) }))}
        className="filter-narrow"
      />
      <Select
        size="small"
        aria-label={t('list.toolbar.active')}
        value={filter.active}
        onChange={(active) => set({ active })}
        options={(['all', 'on', 'off'] as const).map((value) => ({ value, label: t(`list.toolbar.active${value === 'all' ? 'All' : value === 'on' ? 'On' : 'Off'}`) }))}
        className="filter-narrow"
      />
      <Select
        size="small"
        aria-label={t('list.toolbar.sort')}
        prefix={`${t('list.toolbar.sort')}:`}
        value={sort}
        onChange={onSort}
        options={SORT_KEYS.map((key) => ({ value: key, label: t(SORT_LABELS[key].option) }))}
        labelRender={({ value }) => t(SORT_LABELS[value as SortKey].closed)}
        className="filter-sort"
      />
      {isFiltering(filter) ? (
        <Flex gap={4} align="center">
          <Typography.Text type="secondary" data-testid="servers-shown">
            {t('list.shown', { shown, count })}
          </Typography.Text>
          <Button size="small" type="link" onClick={() => onFilter(NO_FILTER)}>
            {t('list.toolbar.clear')}
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
