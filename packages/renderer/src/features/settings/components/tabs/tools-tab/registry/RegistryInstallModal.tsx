import { CheckCircleFilled, LoadingOutlined, WarningFilled } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, Modal, Radio, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistryEntry, RegistryInputField, RegistryInstallResult, RegistryOption } from '@shared/contracts/registry';
import { errorData } from '@shared/errorData';
import { inlineSafe } from '@shared/text/visibleControls';
import { TRANSPORTS } from '@shared/transports';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { TestResultPanel } from '@renderer/components/server-form/TestResultPanel';
import { translateError } from '@renderer/components/translateError';
import { VisibleText } from '@renderer/components/VisibleText';
import { useRouteMutation } from '@renderer/data/useRoute';
import { DependencyInstall } from '../presets/DependencyInstall';
import { useCommandCheck } from '../presets/useCommandCheck';
import { ActivationReviewDialog } from '../server-list/ActivationReviewDialog';
import { useToolsTabNav } from '../ToolsTabNav';
import { entryLabel, optionKey, runtimeOf } from './registryFacts';
import { FlagList, skipReason } from './RegistryBits';
import { useRegistryShow, versionOptions } from './RegistryEntryDrawer';

interface FormValues {
  serverName?: string;
  inputs?: Record<string, string | undefined>;
}

/** The host's default name for the saved server (RegistryService): the title, else the last part of the entry's name. */
const defaultServerName = (entry: Pick<RegistryEntry, 'name' | 'title'>) => inlineSafe(entry.title?.trim() || entry.name.slice(entry.name.lastIndexOf('/') + 1) || entry.name);

/** Where the install stands: asking, under review (the server saved off), or done (on, or left off). */
type Stage = { kind: 'form' } | { kind: 'review'; result: RegistryInstallResult } | { kind: 'done'; result: RegistryInstallResult; on: boolean };

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Installing a registry entry in three steps: choose how it runs and which version (the latest by
 * default) and fill what it declares (required ones named when missing, secret ones masked and
 * sent only to the host, which keeps them in the secret store); the dependency doctor checks the
 * program it runs with and offers to install it; Install saves the server switched off and shows
 * the same review as an install link, everything that will run with its values and the entry's
 * own warnings, before anything runs. Turned on, it is tested and its tools listed.
 */
export function RegistryInstallModal({ registry, entry, onClose }: { registry: string; entry: RegistryEntry; onClose: () => void }) {
  const { t } = useTranslation(['registry', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const nav = useToolsTabNav();
  const [version, setVersion] = useState(entry.version);
  const show = useRegistryShow(registry, entry.name, version);
  const [chosen, setChosen] = useState<string | undefined>();
  const [stage, setStage] = useState<Stage>({ kind: 'form' });
  const [form] = Form.useForm<FormValues>();
  const options = show.data?.options ?? [];
  const installable = options.filter((o) => !o.skipped);
  const option = installable.find((o) => optionKey(o) === chosen) ?? installable[0];
  const label = inlineSafe(entryLabel(show.data?.entry ?? entry));
  const test = useRouteMutation('mcp.test');

  const install = useRouteMutation('registry.install', {
    invalidates: ['mcp.list', 'registry.updates'],
    onSuccess: (result) => {
      // The values reached the host (secret ones its secret store): nothing here holds them any longer.
      form.resetFields();
      setStage({ kind: 'review', result });
    },
    onError: (error) => {
      // The host names the input at fault: marked on its field, as a form marks its own.
      const field = errorData(error, 'REGISTRY_INPUT_REQUIRED') ?? errorData(error, 'REGISTRY_INPUT_INVALID');
      if (field && option?.inputs.some((i) => i.key === field.input)) form.setFields([{ name: ['inputs', field.input], errors: [translateError(tErrors, error)] }]);
      // A second copy of a server (another version, say) needs a name of its own.
      if (error.code === 'DUPLICATE_NAME') form.setFields([{ name: 'serverName', errors: [translateError(tErrors, error)] }]);
    },
  });

  const start = async () => {
    if (!option) return;
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    // An empty field is "not given": the host then applies the default or names what is required.
    const inputs = Object.fromEntries(Object.entries(values.inputs ?? {}).filter((pair): pair is [string, string] => typeof pair[1] === 'string' && pair[1] !== ''));
    const serverName = values.serverName?.trim();
    install.mutate({ registry, name: entry.name, version, [option.kind]: option.index, ...(serverName && { serverName }), inputs });
  };

  const finish = (result: RegistryInstallResult, on: boolean) => {
    setStage({ kind: 'done', result, on });
    if (on) test.mutate({ id: result.serverId });
  };

  if (stage.kind === 'review') {
    const { result } = stage;
    return (
      <ActivationReviewDialog
        serverId={result.serverId}
        name={result.review.name}
        open
        intro={t('install.reviewIntro', { name: inlineSafe(result.review.name), registry: inlineSafe(show.data?.registry.name ?? registry) })}
        onActivated={() => finish(result, true)}
        onClose={() => setStage((now) => (now.kind === 'review' ? { kind: 'done', result, on: false } : now))}
        notes={<FlagList flags={result.flags} />}
      />
    );
  }

  const openServer = (id: string) => {
    onClose();
    nav.openDetail(id);
  };
  const footer =
    stage.kind === 'done'
      ? [
          stage.on ? (
            <Button key="test" onClick={() => test.mutate({ id: stage.result.serverId })} loading={test.isPending}>
              {t('install.test')}
            </Button>
          ) : null,
          <Button key="open" onClick={() => openServer(stage.result.serverId)}>
            {t('install.openServer')}
          </Button>,
          <Button key="done" type="primary" onClick={onClose}>
            {t('install.done')}
          </Button>,
        ]
      : [
          <Button key="cancel" onClick={onClose}>
            {t('install.cancel')}
          </Button>,
          <Button key="install" type="primary" disabled={!option} loading={install.isPending} onClick={() => void start()} data-testid="registry-install-start">
            {t('install.start')}
          </Button>,
        ];

  return (
    <Modal open title={t('install.title', { name: label })} onCancel={onClose} footer={footer} width={600} className="install-modal" destroyOnHidden data-testid="registry-install">
      {stage.kind === 'done' ? (
        <Flex vertical gap="middle" data-testid="registry-install-done">
          {stage.on ? (
            <TestResultPanel run={{ running: test.isPending, ...(test.data && { result: test.data }), ...(test.error && { error: test.error }) }} kind={TRANSPORTS.get(stage.result.review.type).kind} />
          ) : (
            <Alert type="info" showIcon title={t('install.savedOff', { name: inlineSafe(stage.result.review.name) })} />
          )}
        </Flex>
      ) : (
        <Flex vertical gap="middle">
          {show.error ? <ErrorAlert error={show.error} /> : null}
          {show.data ? <FlagList flags={show.data.flags} /> : null}
          {show.isPending ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
          {show.data ? (
            <Flex vertical gap="small">
              <Flex gap="middle" wrap>
                <label className="registry-choice">
                  <Typography.Text>{t('install.version')}</Typography.Text>
                  <Select aria-label={t('install.version')} value={version} onChange={setVersion} options={versionOptions(show.data.versions, t)} className="registry-version" loading={show.isFetching} />
                </label>
              </Flex>
              {installable.length === 0 ? (
                <Alert type="error" showIcon title={t('install.nothingInstallable')} description={<OptionReasons options={options} />} />
              ) : (
                <div role="group" aria-label={t('install.option')}>
                  <Typography.Text>{t('install.option')}</Typography.Text>
                  <Radio.Group value={option && optionKey(option)} onChange={(event) => setChosen(event.target.value as string)} className="registry-options" data-testid="registry-install-options">
                    {options.map((o) => (
                      <Radio key={optionKey(o)} value={optionKey(o)} disabled={o.skipped !== undefined}>
                        <OptionLabel option={o} />
                      </Radio>
                    ))}
                  </Radio.Group>
                </div>
              )}
              {option ? <RuntimeCheck option={option} /> : null}
            </Flex>
          ) : null}
          {option ? (
            // A new option or version asks anew: its own fields, its own defaults.
            <Form<FormValues> key={`${version}/${optionKey(option)}`} form={form} layout="vertical" requiredMark onFinish={() => void start()} preserve={false} disabled={install.isPending}>
              <Form.Item
                name="serverName"
                label={t('install.serverName')}
                initialValue={defaultServerName(show.data?.entry ?? entry)}
                rules={[{ required: true, whitespace: true, message: t('install.required', { name: t('install.serverName') }) }]}
              >
                <Input maxLength={200} />
              </Form.Item>
              <Typography.Title level={5}>{t('install.inputs')}</Typography.Title>
              {option.inputs.length === 0 ? <Typography.Text type="secondary">{t('install.noInputs')}</Typography.Text> : option.inputs.map((input) => <InputField key={input.key} input={input} />)}
            </Form>
          ) : null}
          {install.error ? <ErrorAlert error={install.error} testId="registry-install-error" /> : null}
        </Flex>
      )}
    </Modal>
  );
}

function OptionLabel({ option }: { option: RegistryOption }) {
  const { t } = useTranslation('registry');
  return (
    <span>
      {option.kind === 'package' ? t('entry.package', { type: inlineSafe(option.type) }) : t('entry.remoteOption', { type: inlineSafe(option.type) })}{' '}
      <Typography.Text code className="break-all">
        <VisibleText text={option.target} />
      </Typography.Text>
      {option.skipped ? (
        <Typography.Text type="secondary" className="block text-sm">
          {t('entry.skipped', { reason: skipReason(option, t) })}
        </Typography.Text>
      ) : null}
    </span>
  );
}

function OptionReasons({ options }: { options: readonly RegistryOption[] }) {
  return (
    <ul className="bullet-list m-0">
      {options.map((o) => (
        <li key={optionKey(o)}>
          <OptionLabel option={o} />
        </li>
      ))}
    </ul>
  );
}

/** The program a package runs with, checked by the dependency doctor; installed from here when missing. */
function RuntimeCheck({ option }: { option: RegistryOption }) {
  const { t } = useTranslation('registry');
  const command = runtimeOf(option);
  const check = useCommandCheck(command);
  if (command === undefined) {
    return (
      <Typography.Text type="secondary" data-testid="registry-runtime" data-found="remote">
        {t('install.remote', { url: inlineSafe(option.target) })}
      </Typography.Text>
    );
  }
  if (!check.data) {
    return (
      <Typography.Text type="secondary" data-testid="registry-runtime">
        <LoadingOutlined aria-hidden /> {t('install.runtimeChecking', { command })}
      </Typography.Text>
    );
  }
  if (check.data.found) {
    return (
      <Typography.Text data-testid="registry-runtime" data-found="true">
        <CheckCircleFilled aria-hidden className="text-success" />{' '}
        {check.data.version ? t('install.runtimeFound', { command, version: check.data.version }) : t('install.runtimeFoundNoVersion', { command })}
      </Typography.Text>
    );
  }
  return (
    <Flex vertical gap="small" data-testid="registry-runtime" data-found="false">
      <Typography.Text>
        <WarningFilled aria-hidden className="text-warning" /> {t('install.runtimeMissing', { command })}
      </Typography.Text>
      <DependencyInstall command={command} onReady={() => void check.refetch()} />
    </Flex>
  );
}

/** One declared input: required ones named when empty, secret ones masked, choices as a select, the default filled in. */
function InputField({ input }: { input: RegistryInputField }) {
  const { t } = useTranslation('registry');
  const name = inlineSafe(input.key);
  const choices = input.choices ?? (input.format === 'boolean' ? ['true', 'false'] : undefined);
  const control = choices ? (
    <Select aria-label={name} allowClear={!input.isRequired} options={choices.map((c) => ({ value: c, label: inlineSafe(c) }))} />
  ) : input.isSecret ? (
    <Input.Password aria-label={name} visibilityToggle={false} autoComplete="off" spellCheck={false} placeholder={input.placeholder} />
  ) : (
    <Input aria-label={name} spellCheck={false} placeholder={input.placeholder} inputMode={input.format === 'number' ? 'decimal' : undefined} />
  );
  return (
    <Form.Item
      name={['inputs', input.key]}
      label={
        <Flex gap={6} align="center" wrap>
          <Typography.Text code>
            <VisibleText text={input.key} />
          </Typography.Text>
          <Typography.Text type="secondary" className="text-sm">
            {t(`entry.place.${input.place}`)}
          </Typography.Text>
        </Flex>
      }
      required={input.isRequired}
      initialValue={input.default}
      rules={[
        ...(input.isRequired ? [{ required: true, message: t('install.required', { name }) }] : []),
        ...(input.format === 'number' ? [{ pattern: NUMBER, message: t('install.notNumber', { name }) }] : []),
      ]}
      extra={
        input.description || input.isSecret ? (
          <>
            {input.description ? (
              <div>
                <VisibleText text={input.description} />
              </div>
            ) : null}
            {input.isSecret ? <div>{t('install.secretHint')}</div> : null}
          </>
        ) : undefined
      }
    >
      {control}
    </Form.Item>
  );
}
