import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegistryEntry } from '@shared/contracts/registry';
import { inlineSafe } from '@shared/text/visibleControls';
import { VisibleText } from '@renderer/components/VisibleText';
import { entryLabel } from './registryFacts';
import { StatusTag, TypeTags } from './RegistryBits';

/** One registry entry in the list: its name, what it does, how it runs, and Details or Install. */
export function RegistryEntryCard({ entry, onOpen, onInstall }: { entry: RegistryEntry; onOpen: (entry: RegistryEntry) => void; onInstall: (entry: RegistryEntry) => void }) {
  const { t } = useTranslation('registry');
  const label = entryLabel(entry);
  // In an accessible name a control would be read out or reorder the words: its escape instead.
  const named = inlineSafe(label);
  return (
    <Card size="small" data-testid="registry-entry" data-name={entry.name} className="full-height" classNames={{ body: 'preset-card-body' }}>
      <Flex gap="small" align="baseline" justify="space-between">
        <Flex vertical className="flex-rest min-w-0">
          <Typography.Text strong ellipsis>
            <VisibleText text={label} />
          </Typography.Text>
          {entry.title ? (
            <Typography.Text type="secondary" ellipsis className="text-sm mono">
              <VisibleText text={entry.name} />
            </Typography.Text>
          ) : null}
        </Flex>
        <Typography.Text type="secondary" className="text-sm">
          {t('entry.version', { version: inlineSafe(entry.version) })}
        </Typography.Text>
      </Flex>
      <Flex gap={4} wrap>
        <StatusTag status={entry.status} />
        <TypeTags packageTypes={entry.packageTypes} remoteTypes={entry.remoteTypes} needsKey={entry.needsKey} />
      </Flex>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }} className="m-0" data-testid="registry-description">
        <VisibleText text={entry.description} />
      </Typography.Paragraph>
      <Flex gap="small" align="center" className="preset-card-actions">
        <Button size="small" type="primary" aria-label={t('entry.installName', { name: named })} onClick={() => onInstall(entry)}>
          {t('entry.install')}
        </Button>
        <Button size="small" aria-label={t('entry.detailsName', { name: named })} onClick={() => onOpen(entry)}>
          {t('entry.details')}
        </Button>
      </Flex>
    </Card>
  );
}
