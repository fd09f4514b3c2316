import { EyeInvisibleOutlined, EyeOutlined, KeyOutlined } from '@ant-design/icons';
import { App, Button, Flex, Popconfirm, Tag, Tooltip, Typography, theme } from 'antd';
import type { LlmProvider } from '@shared/contracts/providers';
import type { AppErrorShape } from '@shared/errors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHost } from '@renderer/bridge/HostContext';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { requestOrThrow, useRoute, useRouteMutation } from '@renderer/data/useRoute';
import { ToneTag } from '../presets/ToneTag';
import { ProviderKeyDialog } from './ProviderKeyDialog';
import { useApplyKey } from './useApplyKey';

/** What a revealed key shows as: enough to recognise it, copyable, gone again on Hide. */
function RevealedKey({ provider, apiKey }: { provider: LlmProvider; apiKey: string }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  return (
    <Typography.Text code copyable={{ text: apiKey }} aria-label={t('providerKeys.revealedLabel', { provider: provider.name })} data-testid="provider-key-revealed" style={{ wordBreak: 'break-all' }}>
      {apiKey}
    </Typography.Text>
  );
}

/**
 * One provider: whether a key is saved (masked; revealed on request), its base URL, the presets
 * that can use it and the servers that do; set, replace or remove the key, and apply it to those
 * servers after a change.
 */
export function ProviderKeyRow({ provider, presets }: { provider: LlmProvider; presets: string[] }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const host = useHost();
  const linked = useRoute('providers.linked_servers', { id: provider.id });
  const [editing, setEditing] = useState(false);
  const [revealed, setRevealed] = useState<string | undefined>();
  const [revealing, setRevealing] = useState(false);
  const [error, setError] = useState<AppErrorShape | undefined>();
  const applyKey = useApplyKey(provider);
  const remove = useRouteMutation('providers.remove', {
    invalidates: ['providers.list', 'presets.list'],
    onSuccess: () => {
      setRevealed(undefined);
      void message.success(t('providerKeys.removed', { provider: provider.name }));
    },
    onError: setError,
  });

  const servers = linked.data ?? [];
  const toggleReveal = async () => {
    setError(undefined);
    if (revealed !== undefined) {
      setRevealed(undefined);
      return;
    }
    setRevealing(true);
    try {
      setRevealed((await requestOrThrow(host, 'providers.reveal_key', { id: provider.id })).apiKey);
    } catch (err) {
      setError(err as AppErrorShape);
    } finally {
      setRevealing(false);
    }
  };

  const line = { margin: `${token.marginXXS}px 0 0`, fontSize: token.fontSizeSM } as const;
  return (
    <li
      data-testid="provider-row"
      data-provider-id={provider.id}
      data-has-key={provider.hasKey}
      style={{ padding: `${token.paddingSM}px 0`, borderBottom: `1px solid ${token.colorSplit}` }}
    >
      <Flex gap="small" align="center" wrap justify="space-between">
        <Flex gap="small" align="center" wrap style={{ minWidth: 0 }}>
          <Typography.Text strong>{provider.name}</Typography.Text>
          {provider.hasKey ? (
            <ToneTag tone="success" icon={<KeyOutlined />} data-testid="provider-key-state">
              {t('providerKeys.keySaved')}
            </ToneTag>
          ) : (
            <Tag data-testid="provider-key-state">{t('providerKeys.noKey')}</Tag>
          )}
          {provider.hasKey ? (
            revealed !== undefined ? (
              <RevealedKey provider={provider} apiKey={revealed} />
            ) : (
              <Typography.Text code aria-hidden>
                ••••••••
              </Typography.Text>
            )
          ) : null}
        </Flex>
        <Flex gap={4} wrap>
          {provider.hasKey ? (
            <Tooltip title={revealed !== undefined ? t('providerKeys.hideKey') : t('providerKeys.showKey')}>
              <Button
                size="small"
                type="text"
                aria-label={`${revealed !== undefined ? t('providerKeys.hideKey') : t('providerKeys.showKey')}: ${provider.name}`}
                icon={revealed !== undefined ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                loading={revealing}
                onClick={() => void toggleReveal()}
              />
            </Tooltip>
          ) : null}
          <Button size="small" type={provider.hasKey ? 'default' : 'primary'} onClick={() => setEditing(true)} aria-label={`${provider.hasKey ? t('providerKeys.replaceKey') : t('providerKeys.setKey')}: ${provider.name}`}>
            {provider.hasKey ? t('providerKeys.replaceKey') : t('providerKeys.setKey')}
          </Button>
          {provider.hasKey || provider.baseUrl !== provider.defaultBaseUrl ? (
            <Popconfirm
              title={t('providerKeys.removeConfirm', { provider: provider.name })}
              description={servers.length > 0 ? t('providerKeys.removeConfirmLinked', { count: servers.length }) : undefined}
              okText={t('providerKeys.removeKey')}
              okButtonProps={{ danger: true }}
              cancelText={t('providerKeys.cancel')}
              onConfirm={() => remove.mutate({ id: provider.id })}
            >
              <Button size="small" danger loading={remove.isPending} aria-label={`${t('providerKeys.removeKey')}: ${provider.name}`}>
                {t('providerKeys.removeKey')}
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary" style={line}>
        {t('providerKeys.baseUrl')}:{' '}
        {provider.baseUrl ? (
          <Typography.Text code style={{ fontSize: 'inherit' }} ellipsis={{ tooltip: provider.baseUrl }}>
            {provider.baseUrl}
          </Typography.Text>
        ) : (
          '—'
        )}
        {provider.baseUrl && provider.baseUrl === provider.defaultBaseUrl ? ` (${t('providerKeys.baseUrlDefault')})` : null}
      </Typography.Paragraph>
      {presets.length > 0 ? (
        <Typography.Paragraph type="secondary" style={line}>
          {t('providerKeys.usedByPresets')}: {presets.join(', ')}
        </Typography.Paragraph>
      ) : null}
      <Flex gap="small" align="center" wrap style={line}>
        <Typography.Text type="secondary" style={{ fontSize: 'inherit' }} data-testid="provider-linked">
          {t('providerKeys.linkedServers')}: {servers.length > 0 ? servers.map((s) => s.name).join(', ') : t('providerKeys.noLinkedServers')}
        </Typography.Text>
        {servers.length > 0 && provider.hasKey ? (
          <Button size="small" type="link" style={{ padding: 0, height: 'auto' }} onClick={() => applyKey.confirm(servers)} loading={applyKey.pending}>
            {t('providerKeys.apply')}
          </Button>
        ) : null}
      </Flex>
      {error ? <ErrorAlert error={error} /> : null}
      {applyKey.error ? <ErrorAlert error={applyKey.error} /> : null}
      {editing ? (
        <ProviderKeyDialog
          provider={provider}
          onClose={() => setEditing(false)}
          onSaved={(keyChanged) => {
            setEditing(false);
            setRevealed(undefined);
            void message.success(t('providerKeys.saved', { provider: provider.name }));
            // A new key is not pushed into servers silently: the person agrees first.
            if (keyChanged && servers.length > 0) applyKey.confirm(servers);
          }}
        />
      ) : null}
    </li>
  );
}
