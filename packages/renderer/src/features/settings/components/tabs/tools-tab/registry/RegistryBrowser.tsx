import { ReloadOutlined, SearchOutlined, SettingOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Input, Select, Spin, Typography } from 'antd';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistryEntry } from '@shared/contracts/registry';
import { inlineSafe } from '@shared/text/visibleControls';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { useTakingLong } from '@renderer/components/useDebouncedValue';
import { useRoute } from '@renderer/data/useRoute';
import { RegistriesDialog } from './RegistriesDialog';
import { RegistryEntryCard } from './RegistryEntryCard';
import { RegistryEntryDrawer } from './RegistryEntryDrawer';
import { RegistryInstallModal } from './RegistryInstallModal';
import { filtersActive, matchesFilters, NO_FILTERS, PACKAGE_TYPES, type KeyFilter, type PackageFilter, type RegistryFilters, type WhereFilter } from './registryFacts';
import { useRegistrySearch } from './useRegistrySearch';

/** After this long the registry is said to be slow (the live one has taken 20 s). */
const SLOW_AFTER_MS = 4000;

/** What the person has opened: an entry's page, or its install dialog (from the list or the page). */
type Opened = { entry: RegistryEntry; registry: string; view: 'details' | 'install' };

/**
 * Settings → Tools → Presets → MCP Registry: the servers a registry lists, searched as the person
 * types (sent when typing pauses), filtered by how they run and whether they need a key, page
 * after page as the list scrolls (or "Load more" by keyboard). Deleted entries never arrive (the
 * host hides them). A slow or unreachable registry says so, with Retry.
 */
export function RegistryBrowser() {
  const { t } = useTranslation(['registry', 'common']);
  const registries = useRoute('registry.list');
  const [registryId, setRegistryId] = useState<string | undefined>();
  const [query, setQuery] = useState('');
  const [filters, setFilters] = useState<RegistryFilters>(NO_FILTERS);
  const [opened, setOpened] = useState<Opened | undefined>();
  const [settingsOpen, setSettingsOpen] = useState(false);

  const enabled = (registries.data?.registries ?? []).filter((r) => r.enabled);
  // A registry switched off since it was chosen: back to the first one on.
  const current = enabled.find((r) => r.id === registryId) ?? enabled[0];
  const { search, settled, typing, entries, invalid } = useRegistrySearch(query, current?.id, { enabled: current !== undefined });
  const registryName = current?.name ?? '';
  const slow = useTakingLong(search.isFetching, SLOW_AFTER_MS);
  const shown = useMemo(() => entries.filter((entry) => matchesFilters(entry, filters)), [entries, filters]);
  const pageError = search.isFetchNextPageError ? search.error : null;

  const set = <K extends keyof RegistryFilters>(key: K) => (value: RegistryFilters[K]) => setFilters((now) => ({ ...now, [key]: value }));
  const open = (entry: RegistryEntry, view: Opened['view']) => current && setOpened({ entry, registry: current.id, view });
  const more = () => void search.fetchNextPage();

  let body;
  if (registries.error) body = <ErrorAlert error={registries.error} />;
  else if (registries.data && !current) body = <Alert type="info" showIcon title={t('browse.noneEnabled')} data-testid="registry-none-enabled" />;
  else if (search.error && !search.data) {
    body = (
      <Flex vertical gap="small" align="flex-start" data-testid="registry-error">
        <ErrorAlert error={search.error} />
        <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void search.refetch()} loading={search.isFetching}>
          {t('browse.retry')}
        </Button>
      </Flex>
    );
  } else if (!search.data) {
    body = (
      <Flex vertical gap="small" align="center" data-testid="registry-loading">
        <Spin description={t('browse.loading', { registry: inlineSafe(registryName) })} />
        {slow ? <Typography.Text type="secondary">{t('browse.slow', { registry: inlineSafe(registryName) })}</Typography.Text> : null}
      </Flex>
    );
  } else if (shown.length === 0 && !search.hasNextPage) {
    body = (
      <Empty data-testid="registry-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText()}>
        {filtersActive(filters) || settled ? (
          <Button
            onClick={() => {
              setFilters(NO_FILTERS);
              setQuery('');
            }}
          >
            {t('browse.clearFilters')}
          </Button>
        ) : null}
      </Empty>
    );
  } else {
    body = (
      <Flex vertical gap="small">
        {shown.length > 0 ? (
          <div className="preset-grid" data-testid="registry-list" aria-busy={search.isFetching}>
            {shown.map((entry) => (
              <RegistryEntryCard key={`${entry.name}@${entry.version}`} entry={entry} onOpen={(e) => open(e, 'details')} onInstall={(e) => open(e, 'install')} />
            ))}
          </div>
        ) : (
          <Typography.Text type="secondary" data-testid="registry-filtered-out">
            {t('browse.emptyFiltered', { count: entries.length })}
          </Typography.Text>
        )}
        <Flex gap="small" align="center" wrap justify="space-between">
          <Typography.Text type="secondary" className="text-sm" data-testid="registry-count">
            {t('browse.shown', { shown: shown.length, loaded: entries.length })}
            {invalid > 0 ? ` · ${t('browse.invalid', { count: invalid })}` : ''}
          </Typography.Text>
          {search.hasNextPage ? (
            <Button onClick={more} loading={search.isFetchingNextPage} data-testid="registry-more">
              {t('browse.loadMore')}
            </Button>
          ) : (
            <Typography.Text type="secondary" className="text-sm">
              {t('browse.end', { registry: inlineSafe(registryName) })}
            </Typography.Text>
          )}
        </Flex>
        {pageError ? (
          <Flex vertical gap="small" align="flex-start" data-testid="registry-page-error">
            <ErrorAlert error={pageError} />
            <Button icon={<ReloadOutlined aria-hidden />} onClick={more}>
              {t('browse.retry')}
            </Button>
          </Flex>
        ) : null}
        {slow && search.isFetchingNextPage ? <Typography.Text type="secondary">{t('browse.slow', { registry: inlineSafe(registryName) })}</Typography.Text> : null}
        {search.hasNextPage && !pageError ? <ScrollSentinel onVisible={more} busy={search.isFetching} /> : null}
      </Flex>
    );
  }

  function emptyText() {
    if (entries.length > 0) return t('browse.emptyFiltered', { count: entries.length });
    return settled ? t('browse.empty', { registry: inlineSafe(registryName), query: inlineSafe(settled) }) : t('browse.emptyAll', { registry: inlineSafe(registryName) });
  }

  return (
    <Flex vertical gap="middle" data-testid="registry-browser">
      <Flex gap="small" align="center" justify="space-between" wrap>
        <Typography.Text type="secondary">{t('browse.intro', { registry: inlineSafe(registryName || t('source.registry')) })}</Typography.Text>
        <Button size="small" icon={<SettingOutlined aria-hidden />} onClick={() => setSettingsOpen(true)}>
          {t('browse.registries')}
        </Button>
      </Flex>
      <Flex gap="small" wrap align="center">
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          aria-label={t('browse.searchLabel')}
          placeholder={t('browse.searchPlaceholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="preset-search"
          suffix={typing || (search.isFetching && !search.isFetchingNextPage) ? <Spin size="small" aria-hidden /> : <span />}
        />
        {enabled.length > 1 ? (
          <Select
            aria-label={t('browse.registryLabel')}
            value={current?.id}
            onChange={setRegistryId}
            options={enabled.map((r) => ({ value: r.id, label: inlineSafe(r.name) }))}
            className="registry-filter"
          />
        ) : null}
        <Select<PackageFilter>
          aria-label={t('filters.packageType')}
          value={filters.packageType}
          onChange={set('packageType')}
          options={[{ value: 'any', label: t('filters.anyPackage') }, ...PACKAGE_TYPES.map((type) => ({ value: type, label: type }))]}
          className="registry-filter"
        />
        <Select<WhereFilter>
          aria-label={t('filters.where')}
          value={filters.where}
          onChange={set('where')}
          options={[
            { value: 'any', label: t('filters.anyWhere') },
            { value: 'local', label: t('filters.local') },
            { value: 'remote', label: t('filters.remote') },
          ]}
          className="registry-filter"
        />
        <Select<KeyFilter>
          aria-label={t('filters.key')}
          value={filters.key}
          onChange={set('key')}
          options={[
            { value: 'any', label: t('filters.anyKey') },
            { value: 'needs', label: t('filters.needsKey') },
            { value: 'none', label: t('filters.noKey') },
          ]}
          className="registry-filter"
        />
      </Flex>
      {body}
      {opened?.view === 'details' ? (
        <RegistryEntryDrawer
          registry={opened.registry}
          entry={opened.entry}
          onClose={() => setOpened(undefined)}
          onInstall={(version) => setOpened({ ...opened, entry: { ...opened.entry, version }, view: 'install' })}
        />
      ) : null}
      {opened?.view === 'install' ? <RegistryInstallModal registry={opened.registry} entry={opened.entry} onClose={() => setOpened(undefined)} /> : null}
      {settingsOpen ? <RegistriesDialog onClose={() => setSettingsOpen(false)} /> : null}
    </Flex>
  );
}

/** Loads the next page when the list's end is in view (again after each page, while it stays in view); "Load more" does the same by click or key. */
function ScrollSentinel({ onVisible, busy }: { onVisible: () => void; busy: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const visible = useEffectEvent(onVisible);
  useEffect(() => {
    const element = ref.current;
    // jsdom and very old engines have none: the button is the way there.
    if (busy || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((e) => e.isIntersecting)) visible();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [busy]);
  return <div ref={ref} aria-hidden className="registry-sentinel" />;
}
