import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { SessionServer } from '@shared/contracts/agents';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionServerDialog } from './SessionServerDialog';

type Servers = Record<string, SessionServer>;

/** A preset's session servers in its form: each with its command line, to edit or remove; Add opens the same editor. */
export function SessionServerList({ value, onChange, agentId }: { value: Servers; onChange: (next: Servers) => void; /** The saved preset being edited, whose stored env values a Test uses. */ agentId?: string | undefined }) {
  const { t } = useTranslation('agents');
  const [editing, setEditing] = useState<{ name?: string } | undefined>();
  const names = Object.keys(value);

  const save = (name: string, server: SessionServer) => {
    // A rename keeps the server's place in the list.
    const entries = Object.entries(value).map(([key, existing]): [string, SessionServer] => (key === editing?.name ? [name, server] : [key, existing]));
    if (!editing?.name) entries.push([name, server]);
    onChange(Object.fromEntries(entries));
    setEditing(undefined);
  };
  const remove = (name: string) => onChange(Object.fromEntries(Object.entries(value).filter(([key]) => key !== name)));

  return (
    <Flex vertical gap={4}>
      {names.length > 0 ? (
        <ul aria-label={t('session.listLabel')} className="plain-list" data-testid="session-server-list">
          {Object.entries(value).map(([name, server]) => (
            <li key={name} className="list-row" data-testid="session-server-row">
              <Flex gap="small" align="center" justify="space-between" wrap>
                <Flex vertical className="min-w-0">
                  <Typography.Text strong>{name}</Typography.Text>
                  <Typography.Text code className="break-all">
                    {[server.command, ...server.args].join(' ')}
                  </Typography.Text>
                </Flex>
                <Flex gap={4}>
                  <Button size="small" onClick={() => setEditing({ name })} aria-label={`${t('actions.edit')}: ${name}`}>
                    {t('actions.edit')}
                  </Button>
                  <Button size="small" danger onClick={() => remove(name)} aria-label={`${t('session.remove')}: ${name}`}>
                    {t('session.remove')}
                  </Button>
                </Flex>
              </Flex>
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary">{t('noSessionServers')}</Typography.Text>
      )}
      <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({})} className="self-start">
        {t('session.add')}
      </Button>
      {editing ? (
        <SessionServerDialog
          name={editing.name}
          server={editing.name ? value[editing.name] : undefined}
          stored={agentId && editing.name ? { agent: agentId, server: editing.name } : undefined}
          takenNames={names.filter((name) => name !== editing.name)}
          onSave={save}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </Flex>
  );
}
