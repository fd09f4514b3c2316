import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Input, Segmented, Spin, Typography } from 'antd';
import type { PresetListItem } from '@shared/contracts/presets';
import { PRESET_CATEGORIES, type OfficialMcpPresetCategory } from '@shared/mcp-presets';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { LazyBoundary } from '@renderer/components/lazy/LazyBoundary';
import { lazyComponent } from '@renderer/components/lazy/lazyComponent';
import { useRoute } from '@renderer/data/useRoute';
import { PresetCard } from './PresetCard';
import { PresetInstallModal } from './PresetInstallModal';
import { matchesQuery } from './presetFacts';
import { presetDescription } from './usePresetDescription';

type CategoryFilter = OfficialMcpPresetCategory | 'all';
type Source = 'presets' | 'registry';

// The registry's browser loads when first shown, like the gallery itself (docs/architecture.md, "The first screen").
const RegistryBrowser = lazyComponent(() => import('../registry/RegistryBrowser').then((m) => m.RegistryBrowser));

/**
 * Settings → Tools → Presets: the curated presets by category, searchable, each one click from
 * installed; beside them, every server an MCP registry lists.
 */
export function PresetGallery() {
  const { t } = useTranslation(['registry', 'settings/tools']);
  const [source, setSource] = useState<Source>('presets');
  return (
    <Card
      size="small"
      title={t('settings/tools:sections.presets')}
      extra={
        <Segmented<Source>
          aria-label={t('source.label')}
          value={source}
          onChange={setSource}
          options={[
            { value: 'presets', label: t('source.presets') },
            { value: 'registry', label: t('source.registry') },
          ]}
          data-testid="gallery-source"
        />
      }
      data-testid="preset-gallery"
    >
      {source === 'presets' ? (
        <CuratedPresets />
      ) : (
        <LazyBoundary>
          <RegistryBrowser />
        </LazyBoundary>
      )}
    </Card>
  );
}

function CuratedPresets() {
  const { t, i18n } = useTranslation(['settings/tools', 'common']);
  const list = useRoute('presets.list', {});
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<CategoryFilter>('all');
  const [installing, setInstalling] = useState<PresetListItem | undefined>();

  const groups = useMemo(() => {
    const items = (list.data ?? []).filter((item) => {
      const { preset } = item;
      if (category !== 'all' && preset.category !== category) return false;
      return matchesQuery(preset, query, { description: presetDescription(i18n, preset), category: t(`gallery.categories.${preset.category}`) });
    });
    return PRESET_CATEGORIES.map((c) => ({ category: c, items: items.filter((item) => item.preset.category === c) })).filter((g) => g.items.length > 0);
  }, [list.data, category, query, t, i18n]);
  const shown = groups.reduce((sum, g) => sum + g.items.length, 0);

  const clearFilters = () => {
    setQuery('');
    setCategory('all');
  };

  let body;
  if (list.error) body = <ErrorAlert error={list.error} testId="presets-error" />;
  else if (!list.data) body = <Spin description={t('gallery.loading')} />;
  else if (shown === 0) {
    body = (
      <Empty
        data-testid="presets-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={query ? t('gallery.noMatch', { query }) : t('gallery.count', { count: 0 })}
      >
        <Button onClick={clearFilters}>{t('gallery.clearFilters')}</Button>
      </Empty>
    );
  } else {
    body = groups.map((group) => (
      <section key={group.category} data-testid="preset-group" data-category={group.category} aria-labelledby={`preset-group-${group.category}`}>
        <Typography.Title level={2} id={`preset-group-${group.category}`} className="preset-group-title">
          {t(`gallery.categories.${group.category}`)}{' '}
          <Typography.Text type="secondary" className="preset-group-count">
            · {t('gallery.count', { count: group.items.length })}
          </Typography.Text>
        </Typography.Title>
        <div className="preset-grid">
          {group.items.map((item) => (
            <PresetCard key={item.preset.id} item={item} onInstall={setInstalling} />
          ))}
        </div>
      </section>
    ));
  }

  return (
    <>
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{t('gallery.intro')}</Typography.Text>
        <Flex gap="small" wrap align="center">
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            aria-label={t('gallery.searchLabel')}
            placeholder={t('gallery.searchPlaceholder')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="preset-search"
          />
          <Segmented<CategoryFilter>
            aria-label={t('gallery.categoryLabel')}
            value={category}
            onChange={setCategory}
            options={[
              { value: 'all', label: t('gallery.allCategories') },
              ...PRESET_CATEGORIES.map((c) => ({ value: c, label: t(`gallery.categories.${c}`) })),
            ]}
          />
        </Flex>
        {body}
      </Flex>
      {installing ? <PresetInstallModal item={installing} onClose={() => setInstalling(undefined)} /> : null}
    </>
  );
}
