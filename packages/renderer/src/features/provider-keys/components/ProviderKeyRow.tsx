import { EyeInvisibleOutlined, EyeOutlined, KeyOutlined } from '@ant-design/icons';
import { App, Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { SafeConfirm } from '@renderer/components/SafeConfirm';
import type { LlmProvider } from '@shared/contracts/providers';
import type { AppErrorShape } from '@shared/errors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHost } from '@renderer/bridge/HostContext';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { requestOrThrow, useRoute, useRouteMutation } from '@renderer/data/useRoute';
import { ToneTag } from '@renderer/components/ToneTag';
import { ProviderKeyDialog } from './ProviderKeyDialog';
import { useApplyKey } from '../queries/useApplyKey';

/** What a revealed key shows as: enough to recognise it, copyable, gone again on Hide. */
function RevealedKey({ provider, apiKey }: { provider: LlmProvider; apiKey: string }) {
  const { t } = useTranslation(['providerKeys', 'common']);
  return (
    <Typography.Text code copyable={{ text: apiKey }} aria-label={t('revealedLabel', { provider: provider.name })} data-testid="provider-key-revealed" className="break-all">
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
  const { t } = useTranslation(['providerKeys', 'common']);
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
      void message.success(t('removed', { provider: provider.name }));
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

  return (
    <li
      data-testid="provider-row"
      data-provider-id={provider.id}
      data-has-key={provider.hasKey}
      className="list-row"
    >
      <Flex gap="small" align="center" wrap justify="space-between">
        <Flex gap="small" align="center" wrap className="min-w-0">
          <Typography.Text strong>{provider.name}</Typography.Text>
          {provider.hasKey ? (
            <ToneTag tone="success" icon={<KeyOutlined aria-hidden />} data-testid="provider-key-state">
              {t('keySaved')}
            </ToneTag>
          ) : (
            <Tag data-testid="provider-key-state">{t('noKey')}</Tag>
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
            <Tooltip title={revealed !== undefined ? t('hideKey') : t('showKey')}>
              <Button
                size="small"
                type="text"
                aria-label={`${revealed !== undefined ? t('hideKey') : t('showKey')}: ${provider.name}`}
                icon={revealed !== undefined ? <EyeInvisibleOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
                loading={revealing}
                onClick={() => void toggleReveal()}
              />
            </Tooltip>
          ) : null}
          <Button size="small" type={provider.hasKey ? 'default' : 'primary'} onClick={() => setEditing(true)} aria-label={`${provider.hasKey ? t('replaceKey') : t('setKey')}: ${provider.name}`}>
            {provider.hasKey ? t('replaceKey') : t('setKey')}
          </Button>
          {provider.hasKey || provider.baseUrl !== provider.defaultBaseUrl ? (
            <SafeConfirm
              title={t('removeConfirm', { provider: provider.name })}
              description={servers.length > 0 ? t('removeConfirmLinked', { count: servers.length }) : undefined}
              okText={t('removeKey')}
              okButtonProps={{ danger: true }}
              cancelText={t('cancel')}
              onConfirm={() => remove.mutate({ id: provider.id })}
            >
              <Button size="small" danger loading={remove.isPending} aria-label={`${t('removeKey')}: ${provider.name}`}>
                {t('removeKey')}
              </Button>
            </SafeConfirm>
          ) : null}
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary" className="provider-line">
        {t('baseUrl')}:{' '}
        {provider.baseUrl ? (
          <Typography.Text code className="text-inherit-size" ellipsis={{ tooltip: provider.baseUrl }}>
            {provider.baseUrl}
          </Typography.Text>
        ) : (
          '—'
        )}
        {provider.baseUrl && provider.baseUrl === provider.defaultBaseUrl ? ` (${t('baseUrlDefault')})` : null}
      </Typography.Paragraph>
      {presets.length > 0 ? (
        <Typography.Paragraph type="secondary" className="provider-line">
          {t('usedByPresets')}: {presets.join(', ')}
        </Typography.Paragraph>
      ) : null}
      <Flex gap="small" align="center" wrap className="provider-line">
        <Typography.Text type="secondary" className="text-inherit-size" data-testid="provider-linked">
          {t('linkedServers')}: {servers.length > 0 ? servers.map((s) => s.name).join(', ') : t('noLinkedServers')}
        </Typography.Text>
        {servers.length > 0 && provider.hasKey ? (
          <Button size="small" type="link" className="inline-link" onClick={() => applyKey.confirm(servers)} loading={applyKey.pending}>
            {t('apply')}
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
            void message.success(t('saved', { provider: provider.name }));
            // A new key is not pushed into servers silently: the person agrees first.
            if (keyChanged && servers.length > 0) applyKey.confirm(servers);
          }}
        />
      ) : null}
    </li>
  );
}
