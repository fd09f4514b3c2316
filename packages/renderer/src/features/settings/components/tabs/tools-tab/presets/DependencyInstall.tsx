import { Alert, Button, Flex, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { useDependencyInstall } from './useDependencyInstall';

/** Installs a missing command with the dependency doctor, its output streamed as it runs. */
export function DependencyInstall({ command, onReady }: { command: string; onReady: () => void }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const { state, install } = useDependencyInstall(command);
  const { result } = state;
  const action = result?.action ?? undefined;
  return (
    <Flex vertical gap="small" data-testid="deps-install">
      <Button size="small" className="self-start" onClick={() => void install()} loading={state.running} disabled={result?.next === 'ready'}>
        {state.running ? t('gallery.deps.installing', { command }) : t('gallery.actions.installCommand', { command })}
      </Button>
      {state.running && state.percent !== undefined ? <Progress percent={Math.round(state.percent)} size="small" /> : null}
      {state.lines.length > 0 ? (
        <pre aria-label={t('gallery.deps.output')} className="install-output">
          {state.lines.join('\n')}
        </pre>
      ) : null}
      {state.error ? <ErrorAlert error={state.error} /> : null}
      {result?.next === 'ready' ? (
        <Alert
          type="success"
          showIcon
          title={t('gallery.deps.ready', { command })}
          action={
            <Button size="small" type="primary" onClick={onReady}>
              {t('gallery.actions.retry')}
            </Button>
          }
        />
      ) : null}
      {result?.next === 'restart' ? <Alert type="info" showIcon title={t('gallery.deps.restart', { command })} /> : null}
      {result?.next === 'finish-download' && action ? (
        <Alert
          type="info"
          showIcon
          title={t('gallery.deps.finishDownload', { command })}
          action={
            <Button size="small" href={action.url} target="_blank" rel="noopener noreferrer">
              {t('gallery.actions.openDownload')}
            </Button>
          }
        />
      ) : null}
    </Flex>
  );
}
