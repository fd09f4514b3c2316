/**
 * A server row's state and actions: switching it on (through the activation review when it came
 * from a link), reconnecting, testing, and showing its secrets on request. The row renders them.
 */
import type { MessageInstance } from 'antd/es/message/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteOutput } from '@shared/contracts/ipc';
import type { AppErrorShape } from '@shared/errors';
import { needsActivationReview } from '@mcp-common/activationReview';
import { useHost } from '@renderer/bridge/HostContext';
import { translateError } from '@renderer/components/translateError';
import { useRouteMutation } from '@renderer/data/useRoute';
import { serverTarget } from '../describeServer';
import { failureText } from './failureText';
import type { ServerView } from './serverView';

type Secrets = RouteOutput<'mcp.reveal_secrets'>;

const pairs = (map: Record<string, string> | undefined, separator: string) =>
  Object.entries(map ?? {})
    .map(([name, value]) => `${name}${separator}${value}`)
    .join(separator === '=' ? ' ' : ', ');

export function useServerRow(view: ServerView, messages: MessageInstance) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const host = useHost();
  const { server, status, state, keySource } = view;
  const [revealed, setRevealed] = useState<Secrets | undefined>();
  const [revealing, setRevealing] = useState(false);
  const [revealError, setRevealError] = useState<AppErrorShape | undefined>();
  const [reviewing, setReviewing] = useState(false);
  const unreviewed = needsActivationReview(server);

  const setActive = useRouteMutation('mcp.update', {
    onError: (error) => void messages.error(translateError(tErrors, error)),
  });
  const reconnect = useRouteMutation('mcp.reconnect');
  const test = useRouteMutation('mcp.test');

  const config = revealed ? { ...server.config, ...revealed } : server.config;
  const target = revealed ? serverTarget({ ...server, config }) : view.target;
  const env = pairs(config.env, '=');
  const headers = pairs(config.headers, ': ');
  const hasSecrets = keySource.kind !== 'none' || Boolean(env || headers);
  const failure = state === 'error' ? status?.failure : undefined;

  const toggleSecrets = async () => {
    setRevealError(undefined);
    if (revealed) {
      setRevealed(undefined);
      return;
    }
    setRevealing(true);
    const result = await host.request('mcp.reveal_secrets', { id: server.id });
    setRevealing(false);
    if (result.ok) setRevealed(result.data);
    else setRevealError(result.error);
  };

  const retry = () => reconnect.mutate({ id: server.id });
  const stateReason = failure ? failureText(failure, t, tErrors).summary : status?.error;

  return { revealed, revealing, revealError, toggleSecrets, reviewing, setReviewing, unreviewed, setActive, reconnect, test, retry, target, env, headers, hasSecrets, failure, stateReason };
}
