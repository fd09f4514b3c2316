import { Alert, App, Button, Flex, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import type { PresetListItem } from '@shared/contracts/presets';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { useToolsTabNav } from '../ToolsTabNav';
import { InstallStepList } from './InstallStepList';
import { PresetRuns } from './PresetRuns';
import { providerName } from './presetFacts';
import { providerOf, usePresetInstall, type FormValues } from './usePresetInstall';

/**
 * One-click install of a preset: says what it will run, asks only what is missing (a key, or
 * which saved key; the service variant; folders), then runs `presets.install` and shows each step
 * as the host reports it, with what to do about a step that fails. It may be closed while the
 * install runs: the host goes on, and the server list shows how it ends.
 */
export function PresetInstallModal({ item, onClose }: { item: PresetListItem; onClose: () => void }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const { message } = App.useApp();
  const nav = useToolsTabNav();
  const { preset } = item;
  const { form, run, running, download, result, blocking, installed, linked, saved, variants, keyChoice, typing, asksKey, slot, started, serverId, defaultChoice, install, failed, succeeded, retry, focusKey } =
    usePresetInstall(item);
  const asksAnything = asksKey || preset.acceptsDirectories === true;

  const close = () => {
    if (running) void message.info(t('gallery.installDialog.closedWhileRunning', { name: preset.name }));
    onClose();
  };

  const footer = started
    ? [
        serverId ? (
          <Button key="open" onClick={() => (onClose(), nav.openDetail(serverId))} disabled={running}>
            {t('gallery.installDialog.openServer')}
          </Button>
        ) : null,
        <Button key="close" type={succeeded ? 'primary' : 'default'} onClick={close}>
          {succeeded ? t('gallery.installDialog.done') : t('gallery.installDialog.close')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          {t('gallery.installDialog.close')}
        </Button>,
        <Button key="install" type="primary" onClick={() => void install()} data-testid="preset-install-start">
          {t('gallery.installDialog.start')}
        </Button>,
      ];

  const keyHint = [
    slot?.kind === 'env' ? t('gallery.installDialog.keyHintEnv', { name: slot.name }) : slot ? t('gallery.installDialog.keyHintHeader', { header: slot.header }) : '',
    t('gallery.installDialog.keyStored'),
    preset.requiresApiKey ? '' : t('gallery.installDialog.keyOptionalHint'),
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <Modal
      open
      title={t('gallery.installDialog.title', { name: preset.name })}
      onCancel={close}
      // A stray click beside the dialog does not close it while it installs; Close, × and Escape do.
      mask={{ closable: !running }}
      footer={footer}
      width={560}
      // Room for every step and a failure's fixes at 700 px high.
      className="install-modal"
      destroyOnHidden
    >
      <Flex vertical gap="middle" data-testid="preset-install">
        {started ? null : <PresetRuns preset={preset} />}
        {started || asksAnything ? null : <Typography.Text data-testid="preset-install-nothing">{t('gallery.installDialog.nothingToAsk')}</Typography.Text>}
        {blocking ? (
          <Flex vertical gap="small">
            <ErrorAlert error={blocking} />
            {installed ? (
              <Button className="self-start" onClick={() => (onClose(), nav.openDetail(installed.serverId))}>
                {t('gallery.alreadyInstalled')}
              </Button>
            ) : null}
          </Flex>
        ) : null}

        <Form<FormValues>
          form={form}
          layout="vertical"
          disabled={started}
          initialValues={{ keyChoice: defaultChoice, variant: linked[0] }}
          requiredMark={false}
          className={started ? 'is-hidden' : undefined}
          onFinish={() => void install()}
        >
          {asksKey && saved.length > 0 ? (
            <Form.Item name="keyChoice" label={t('gallery.installDialog.keyLabel')} {...(typing && { className: 'mb-xs' })}>
              <Radio.Group
                className="key-choices"
                options={[
                  ...saved.map((id) => ({ value: `provider:${id}`, label: t('gallery.installDialog.keyFromProvider', { provider: providerName(id) }) })),
                  { value: 'input', label: t('gallery.installDialog.keyTyped') },
                ]}
              />
            </Form.Item>
          ) : null}
          {asksKey && typing ? (
            <Form.Item
              name="apiKey"
              label={saved.length > 0 ? undefined : t('gallery.installDialog.keyLabel')}
              extra={keyHint}
              rules={[{ required: preset.requiresApiKey || saved.length > 0, whitespace: true, message: t('gallery.installDialog.keyRequired') }]}
            >
              <Input.Password
                visibilityToggle={false}
                autoComplete="off"
                spellCheck={false}
                aria-label={t('gallery.installDialog.keyLabel')}
                placeholder={t('gallery.installDialog.keyPlaceholder')}
                data-testid="preset-install-key"
              />
            </Form.Item>
          ) : null}
          {asksKey && typing && variants.length > 1 ? (
            <Form.Item name="variant" label={t('gallery.installDialog.variantLabel')}>
              <Select
                aria-label={t('gallery.installDialog.variantLabel')}
                options={variants.map((v) => ({ value: v.providerId, label: `${providerName(v.providerId)} · ${v.setting}` }))}
              />
            </Form.Item>
          ) : null}
          {asksKey && !typing && variants.length > 1 ? (
            <Typography.Paragraph type="secondary" className="pull-up">
              {t('gallery.installDialog.variantHint', { setting: variants.find((v) => v.providerId === providerOf(keyChoice ?? defaultChoice))?.setting ?? '' })}
            </Typography.Paragraph>
          ) : null}
          {asksKey && saved.length === 0 && linked.length > 0 ? (
            <Typography.Paragraph type="secondary">
              {t('gallery.installDialog.saveKeyHint', { providers: linked.map(providerName).join(' / ') })}
            </Typography.Paragraph>
          ) : null}
          {preset.acceptsDirectories ? (
            <Form.Item name="directories" label={t('gallery.installDialog.directoriesLabel')} extra={t('gallery.installDialog.directoriesHint')}>
              <Select mode="tags" open={false} suffixIcon={null} aria-label={t('gallery.installDialog.directoriesLabel')} placeholder={t('gallery.installDialog.directoriesPlaceholder')} />
            </Form.Item>
          ) : null}
        </Form>

        {started ? (
          <>
            <InstallStepList
              preset={preset}
              run={run}
              result={result}
              running={running}
              download={download}
              onRetry={retry}
              onEnterKey={focusKey}
              onOpenLogs={serverId ? () => (onClose(), nav.openDetail(serverId, 'logs')) : undefined}
              onEditServer={serverId ? () => (onClose(), nav.openForm({ mode: 'edit', serverId })) : undefined}
            />
            {running ? (
              <Typography.Text type="secondary" data-testid="preset-install-close-hint">
                {t('gallery.installDialog.closeWhileRunning')}
              </Typography.Text>
            ) : null}
            {succeeded ? <Alert type="success" showIcon title={t('gallery.installDialog.summaryOk', { name: preset.name })} data-testid="preset-install-ok" /> : null}
            {run.finished && failed && serverId ? <Alert type="warning" showIcon title={t('gallery.installDialog.summaryFailed', { name: preset.name })} /> : null}
          </>
        ) : null}
      </Flex>
    </Modal>
  );
}
