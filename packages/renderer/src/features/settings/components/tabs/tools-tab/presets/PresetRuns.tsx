import { Flex, Typography } from 'antd';
import { pinnedPackageOf, presetTransport, type OfficialMcpPreset } from '@shared/mcp-presets';
import { shellLine } from '@shared/text/commandLine';
import { useTranslation } from 'react-i18next';

/**
 * What an install will run, before it does: the command line (quoted as the CLI quotes it, so it
 * can be pasted into a terminal) or the hosted address, and which pinned version npx downloads.
 */
export function PresetRuns({ preset }: { preset: OfficialMcpPreset }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const stdio = presetTransport(preset) === 'stdio';
  const pinned = pinnedPackageOf(preset);
  const target = stdio ? shellLine([preset.command ?? '', ...(preset.args ?? [])]) : (preset.url ?? '');
  return (
    <Flex vertical gap={4} data-testid="preset-runs">
      <Typography.Text type="secondary">{t(stdio ? 'gallery.installDialog.runsCommand' : 'gallery.installDialog.runsUrl')}</Typography.Text>
      <Typography.Text code copyable={{ text: target }} className="wrap-anywhere" data-testid="preset-runs-target">
        {target}
      </Typography.Text>
      {pinned ? (
        <Typography.Text type="secondary" className="text-sm" data-testid="preset-runs-version">
          {t('gallery.installDialog.runsVersion', { package: pinned.name, version: pinned.version })}
        </Typography.Text>
      ) : null}
      {preset.acceptsDirectories ? <Typography.Text type="secondary" className="text-sm">{t('gallery.installDialog.runsDirectories')}</Typography.Text> : null}
    </Flex>
  );
}
