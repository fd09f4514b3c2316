import { CheckCircleFilled, CloudOutlined, CodeOutlined, ExportOutlined, FolderOutlined, KeyOutlined, LoadingOutlined, WarningFilled } from '@ant-design/icons';
import { Button, Card, Flex, Tag, Tooltip, Typography } from 'antd';
import type { PresetListItem } from '@shared/contracts/presets';
import { presetTransport } from '@shared/mcp-presets';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolNameTags } from '@renderer/components/ToolNameTags';
import { useToolsTabNav } from '../ToolsTabNav';
import { presetIconUrl } from './presetIcons';
import { ToneTag } from '@renderer/components/ToneTag';
import { keySlot, linkStatus, providerName, vendorName, type LinkStatus } from './presetFacts';
import { useCommandCheck } from './useCommandCheck';
import { usePresetDescription } from './usePresetDescription';

/** Tool names shown on the card; the rest are one hover away. */
const VISIBLE_TOOLS = 4;

function PresetIcon({ icon, name }: { icon: string; name: string }) {
  const url = presetIconUrl(icon);
  const size = 32;
  if (url) return <img src={url} alt="" width={size} height={size} className="preset-icon" />;
  return (
    <span aria-hidden className="preset-icon preset-icon-letter">
      {name.charAt(0).toUpperCase()}
    </span>
  );
}

export function LinkStatusTag({ status }: { status: LinkStatus }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  switch (status.kind) {
    case 'uses':
      return (
        <ToneTag tone="success" icon={<KeyOutlined aria-hidden />} data-testid="preset-link" data-link="uses">
          {t('gallery.link.usesKey', { provider: providerName(status.providerId) })}
        </ToneTag>
      );
    case 'needs': {
      const tag = (
        <ToneTag tone="warning" icon={<KeyOutlined aria-hidden />} data-testid="preset-link" data-link="needs" tabIndex={status.canUse.length > 0 ? 0 : undefined}>
          {t('gallery.link.needsKey')}
        </ToneTag>
      );
      // A linked provider without a saved key: saving one there would cover this preset.
      return status.canUse.length > 0 ? <Tooltip title={t('gallery.link.canUse', { providers: status.canUse.map(providerName).join(' / ') })}>{tag}</Tooltip> : tag;
    }
    case 'optional':
      return (
        <Tag data-testid="preset-link" data-link="optional">
          {t('gallery.link.optionalKey')}
        </Tag>
      );
    default:
      return null;
  }
}

function Need({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Flex component="li" gap={6} align="baseline">
      <span aria-hidden>{icon}</span>
      <span className="min-w-0">{children}</span>
    </Flex>
  );
}

function CommandNeed({ command }: { command: string }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const check = useCommandCheck(command);
  if (!check.data) {
    return <Need icon={check.isFetching ? <LoadingOutlined aria-hidden /> : <CodeOutlined aria-hidden />}>{t('gallery.commandChecking', { command })}</Need>;
  }
  const { found, version, path } = check.data;
  if (!found) {
    return (
      <Need icon={<WarningFilled aria-hidden className="text-warning" />}>
        <span data-testid="preset-command" data-found="false">
          {t('gallery.commandMissing', { command })}
        </span>
      </Need>
    );
  }
  return (
    <Need icon={<CheckCircleFilled aria-hidden className="text-success" />}>
      <Tooltip title={path}>
        <span data-testid="preset-command" data-found="true">
          {version ? t('gallery.commandFoundVersion', { command, version }) : t('gallery.commandFound', { command })}
        </span>
      </Tooltip>
    </Need>
  );
}

/** One preset: who makes it, what it brings, what it needs, and install or open. */
export function PresetCard({ item, onInstall }: { item: PresetListItem; onInstall: (item: PresetListItem) => void }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const nav = useToolsTabNav();
  const { preset } = item;
  const description = usePresetDescription(preset);
  const slot = keySlot(preset);
  const status = linkStatus(item);
  const stdio = presetTransport(preset) === 'stdio';

  const keyText = slot ? (slot.kind === 'env' ? t('gallery.keyEnv', { name: slot.name }) : t('gallery.keyHeader', { header: slot.header })) : undefined;

  return (
    <Card
      size="small"
      data-testid="preset-card"
      data-preset-id={preset.id}
      data-installed={item.installed}
      className="full-height"
      classNames={{ body: 'preset-card-body' }}
    >
      <Flex gap="small" align="center">
        <PresetIcon icon={preset.icon} name={preset.name} />
        <Flex vertical className="flex-rest">
          <Typography.Text strong ellipsis={{ tooltip: preset.name }}>
            {preset.name}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis className="text-sm">
            {t('gallery.by', { vendor: vendorName(preset.provider) })}
          </Typography.Text>
        </Flex>
        {item.installed ? (
          <ToneTag tone="success" icon={<CheckCircleFilled aria-hidden />} data-testid="preset-installed">
            {t('gallery.installed')}
          </ToneTag>
        ) : null}
      </Flex>

      <Flex gap={4} wrap>
        <Tag icon={stdio ? <CodeOutlined aria-hidden /> : <CloudOutlined aria-hidden />} variant="filled">
          {t(`gallery.transport.${presetTransport(preset)}`)}
        </Tag>
        <LinkStatusTag status={status} />
      </Flex>

      {description ? (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 3, tooltip: description }} className="m-0">
          {description}
        </Typography.Paragraph>
      ) : null}

      <div>
        <Typography.Text className="text-sm">{t('gallery.tools', { count: preset.tools.length })}</Typography.Text>
        <ToolNameTags
          tools={preset.tools}
          visible={VISIBLE_TOOLS}
          moreLabel={(count) => t('gallery.moreTools', { count })}
          className="preset-tools"
          renderTag={(tool) => (
            <Tag key={tool} variant="filled" className="cap-width mono text-xs">
              <Typography.Text ellipsis={{ tooltip: tool }} className="text-inherit-size preset-tool-name">
                {tool}
              </Typography.Text>
            </Tag>
          )}
        />
      </div>

      <div>
        <Typography.Text className="text-sm">{t('gallery.needs')}</Typography.Text>
        <ul className="plain-list preset-needs fine-print">
          {keyText ? (
            <Need icon={<KeyOutlined aria-hidden />}>
              {keyText}
              {preset.requiresApiKey ? null : ` (${t('gallery.keyOptional')})`}
            </Need>
          ) : null}
          {stdio && preset.command ? <CommandNeed command={preset.command} /> : null}
          {preset.acceptsDirectories ? <Need icon={<FolderOutlined aria-hidden />}>{t('gallery.folders')}</Need> : null}
          {!keyText && !(stdio && preset.command) && !preset.acceptsDirectories ? <Need icon={<CheckCircleFilled aria-hidden />}>{t('gallery.needsNothing')}</Need> : null}
        </ul>
      </div>

      <Flex gap="small" align="center" className="preset-card-actions">
        {item.installed && item.serverId ? (
          <Button size="small" aria-label={t('gallery.openName', { name: preset.name })} onClick={() => nav.openDetail(item.serverId!)}>
            {t('gallery.open')}
          </Button>
        ) : (
          <Button size="small" type="primary" aria-label={t('gallery.installName', { name: preset.name })} onClick={() => onInstall(item)}>
            {t('gallery.install')}
          </Button>
        )}
        {preset.documentationUrl ? (
          <Button
            size="small"
            type="link"
            href={preset.documentationUrl}
            target="_blank"
            rel="noopener noreferrer"
            icon={<ExportOutlined aria-hidden />}
            iconPlacement="end"
            aria-label={t('gallery.docsName', { name: preset.name })}
          >
            {t('gallery.docs')}
          </Button>
        ) : null}
      </Flex>
    </Card>
  );
}
