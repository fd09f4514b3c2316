import { Button, Descriptions, Drawer, Flex, Select, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REGISTRY_DESCRIPTION_MAX, type RegistryEntry, type RegistryInputField, type RegistryOption, type RegistryShowResult } from '@shared/contracts/registry';
import { inlineSafe } from '@shared/text/visibleControls';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { VisibleText } from '@renderer/components/VisibleText';
import { useRoute } from '@renderer/data/useRoute';
import { entryLabel } from './registryFacts';
import { EntryLink, FlagList, StatusTag, TypeTags, skipReason } from './RegistryBits';

/** `registry.show` for one version (absent = latest), cached as long as the search's pages. */
export const useRegistryShow = (registry: string, name: string, version: string | undefined) =>
  useRoute('registry.show', { registry, name, ...(version !== undefined && { version }) }, { staleTime: 60_000 });

/** The versions as a choice, the latest marked (never "the first row": versions sort as strings). */
export function versionOptions(versions: RegistryShowResult['versions'], t: (key: 'install.versionLatest', values: { version: string }) => string) {
  return versions
    .filter((v) => v.status !== 'deleted')
    .map((v) => ({ value: v.version, label: v.isLatest ? t('install.versionLatest', { version: inlineSafe(v.version) }) : inlineSafe(v.version) }));
}

/**
 * An entry's page: what it does (the description as text, controls drawn, never HTML), its
 * versions, where it is published, and each package and remote with every input it asks for; the
 * ones this app cannot install say why. Install goes on with the version shown.
 */
export function RegistryEntryDrawer({ registry, entry, onClose, onInstall }: { registry: string; entry: RegistryEntry; onClose: () => void; onInstall: (version: string) => void }) {
  const { t } = useTranslation(['registry', 'common']);
  const [version, setVersion] = useState<string | undefined>();
  const show = useRegistryShow(registry, entry.name, version);
  const data = show.data;
  const shown = data?.entry ?? entry;
  const installable = data?.options.some((o) => !o.skipped) ?? false;

  return (
    <Drawer
      open
      onClose={onClose}
      size={640}
      title={
        <Flex gap="small" align="center" wrap className="min-w-0">
          <span className="break-all">
            <VisibleText text={entryLabel(shown)} />
          </span>
          <StatusTag status={shown.status} />
        </Flex>
      }
      footer={
        <Flex gap="small" justify="flex-end">
          <Button onClick={onClose}>{t('entry.close')}</Button>
          <Button type="primary" disabled={!installable} onClick={() => data && onInstall(data.entry.version)} data-testid="registry-entry-install">
            {t('entry.install')}
          </Button>
        </Flex>
      }
      data-testid="registry-entry-page"
      destroyOnHidden
    >
      <Flex vertical gap="middle">
        {shown.title ? (
          <Typography.Text type="secondary" className="mono break-all">
            <VisibleText text={shown.name} />
          </Typography.Text>
        ) : null}
        <TypeTags packageTypes={shown.packageTypes} remoteTypes={shown.remoteTypes} needsKey={shown.needsKey} />
        {show.error ? <ErrorAlert error={show.error} /> : null}
        {data ? <FlagList flags={data.flags} /> : null}
        <section aria-labelledby="registry-entry-description">
          <Typography.Title level={5} id="registry-entry-description">
            {t('entry.description')}
          </Typography.Title>
          <Typography.Paragraph className="m-0 pre-wrap break-all" data-testid="registry-entry-description">
            {shown.description ? <VisibleText text={shown.description} multiline /> : <Typography.Text type="secondary">{t('entry.noDescription')}</Typography.Text>}
          </Typography.Paragraph>
          {shown.descriptionCut ? <Typography.Text type="secondary">{t('entry.descriptionCut', { max: REGISTRY_DESCRIPTION_MAX })}</Typography.Text> : null}
        </section>
        {data ? (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('entry.versions')}>
              <Select
                aria-label={t('entry.versions')}
                value={data.entry.version}
                onChange={setVersion}
                options={versionOptions(data.versions, t)}
                className="registry-version"
                loading={show.isFetching}
              />
            </Descriptions.Item>
            {shown.repositoryUrl || shown.websiteUrl ? (
              <Descriptions.Item label={t('entry.links')}>
                <Flex vertical gap={4}>
                  {shown.repositoryUrl ? <EntryLink url={shown.repositoryUrl} label={t('entry.repository')} /> : null}
                  {shown.websiteUrl ? <EntryLink url={shown.websiteUrl} label={t('entry.website')} /> : null}
                </Flex>
              </Descriptions.Item>
            ) : null}
          </Descriptions>
        ) : show.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : null}
        {data ? (
          <section aria-labelledby="registry-entry-options">
            <Typography.Title level={5} id="registry-entry-options">
              {t('entry.options')}
            </Typography.Title>
            <Flex vertical gap="small">
              {data.options.map((option) => (
                <OptionView key={`${option.kind}:${option.index}`} option={option} />
              ))}
            </Flex>
          </section>
        ) : null}
      </Flex>
    </Drawer>
  );
}

function OptionView({ option }: { option: RegistryOption }) {
  const { t } = useTranslation('registry');
  return (
    <div className="registry-option" data-testid="registry-option" data-option={`${option.kind}:${option.index}`} data-skipped={option.skipped !== undefined}>
      <Flex gap="small" align="baseline" wrap>
        <Typography.Text strong>{option.kind === 'package' ? t('entry.package', { type: inlineSafe(option.type) }) : t('entry.remoteOption', { type: inlineSafe(option.type) })}</Typography.Text>
        <Typography.Text code className="break-all">
          <VisibleText text={option.target} />
        </Typography.Text>
      </Flex>
      {option.skipped ? (
        <Typography.Text type="warning" data-testid="registry-option-skipped">
          {t('entry.skipped', { reason: skipReason(option, t) })}
        </Typography.Text>
      ) : option.inputs.length === 0 ? (
        <Typography.Text type="secondary">{t('entry.noInputs')}</Typography.Text>
      ) : (
        <ul className="plain-list registry-inputs">
          {option.inputs.map((input) => (
            <InputView key={input.key} input={input} />
          ))}
        </ul>
      )}
    </div>
  );
}

function InputView({ input }: { input: RegistryInputField }) {
  const { t } = useTranslation('registry');
  return (
    <li data-testid="registry-input" data-key={input.key}>
      <Flex gap={6} align="center" wrap>
        <Typography.Text code className="break-all">
          <VisibleText text={input.key} />
        </Typography.Text>
        <Typography.Text type="secondary" className="text-sm">
          {t(`entry.place.${input.place}`)}
        </Typography.Text>
        {input.isRequired ? <Tag>{t('entry.required')}</Tag> : null}
        {input.isSecret ? <Tag color="gold">{t('entry.secret')}</Tag> : null}
      </Flex>
      {input.description ? (
        <Typography.Paragraph type="secondary" className="m-0 text-sm">
          <VisibleText text={input.description} />
        </Typography.Paragraph>
      ) : null}
      {input.default !== undefined || input.choices ? (
        <Typography.Text type="secondary" className="text-sm">
          {[input.default !== undefined ? t('entry.defaultValue', { value: inlineSafe(input.default) }) : '', input.choices ? t('entry.choices', { choices: input.choices.map(inlineSafe).join(', ') }) : '']
            .filter(Boolean)
            .join(' · ')}
        </Typography.Text>
      ) : null}
    </li>
  );
}
