import { LockOutlined } from '@ant-design/icons';
import { App, Button, Flex, Tag, Typography } from 'antd';
import type { AgentPreset } from '@shared/contracts/agents';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { SafeConfirm } from '@renderer/components/SafeConfirm';
import { useRouteMutation } from '@renderer/data/useRoute';
import { usePresetText } from '../hooks/usePresetText';
import { useRowTabStops } from '@renderer/components/rovingFocus';

interface AgentPresetRowProps {
  preset: AgentPreset;
  onEdit: (preset: AgentPreset) => void;
  onDuplicate: (preset: AgentPreset) => void;
  /** The list's one tab stop (roving focus, as in the server list): only this row's controls are in the tab order. */
  current: boolean;
  onRowKey: (event: KeyboardEvent<HTMLLIElement>) => void;
  onRowFocus: () => void;
}

/** One agent preset: name, whether it ships with the app, its session servers; edit, duplicate, delete. */
export function AgentPresetRow({ preset, onEdit, onDuplicate, current, onRowKey, onRowFocus }: AgentPresetRowProps) {
  const { t } = useTranslation('agents');
  const { message } = App.useApp();
  const remove = useRouteMutation('agents.remove', {
    invalidates: ['agents.list'],
    onSuccess: () => void message.success(t('removed', { name: preset.name })),
  });
  const sessionServers = Object.keys(preset.sessionServers);
  const { name, description } = usePresetText()(preset);
  const ref = useRef<HTMLLIElement>(null);
  useRowTabStops(ref, current);

  return (
    <li
      ref={ref}
      data-testid="agent-row"
      data-agent-id={preset.id}
      className="list-row"
      tabIndex={current ? 0 : -1}
      aria-label={name}
      onKeyDown={onRowKey}
      onFocus={onRowFocus}
    >
      <Flex gap="small" align="center" wrap justify="space-between">
        <Flex gap="small" align="center" wrap className="min-w-0">
          <Typography.Text strong>{name}</Typography.Text>
          {preset.builtin ? (
            <Tag icon={<LockOutlined aria-hidden />} data-testid="agent-builtin">
              {t('builtin')}
            </Tag>
          ) : null}
        </Flex>
        <Flex gap={4} wrap>
          {preset.builtin ? null : (
            <Button size="small" onClick={() => onEdit(preset)} aria-label={`${t('actions.edit')}: ${name}`}>
              {t('actions.edit')}
            </Button>
          )}
          <Button size="small" onClick={() => onDuplicate(preset)} aria-label={`${t('actions.duplicate')}: ${name}`}>
            {t('actions.duplicate')}
          </Button>
          {preset.builtin ? null : (
            <SafeConfirm
              title={t('removeConfirm', { name })}
              okText={t('actions.remove')}
              okButtonProps={{ danger: true }}
              cancelText={t('cancel')}
              onConfirm={() => remove.mutate({ agent: preset.id })}
            >
              <Button size="small" danger loading={remove.isPending} aria-label={`${t('actions.remove')}: ${name}`}>
                {t('actions.remove')}
              </Button>
            </SafeConfirm>
          )}
        </Flex>
      </Flex>
      {description ? (
        <Typography.Paragraph type="secondary" className="provider-line">
          {description}
        </Typography.Paragraph>
      ) : null}
      <Typography.Paragraph type="secondary" className="provider-line" data-testid="agent-session-servers">
        {sessionServers.length > 0 ? t('sessionServers', { names: sessionServers.join(', ') }) : t('noSessionServers')}
      </Typography.Paragraph>
      {remove.error ? <ErrorAlert error={remove.error} /> : null}
    </li>
  );
}
