/**
 * The server form's fields: name, transport, the transport's own fields (from the transport
 * table: a new transport there shows its fields here without an edit), and the options every
 * server has. The drawer around it (server-form/McpServerFormDrawer) loads, tests and saves.
 */
import { Alert, Button, Divider, Flex, Form, Input, InputNumber, Radio, Switch, type FormInstance } from 'antd';
import { LIMITS } from '@shared/limits';
import { isCommandLine } from '@shared/text/commandLine';
import { TRANSPORTS, transportFields, transportOptions, type TransportField } from '@shared/transports';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArgsList } from '@renderer/components/server-form/ArgsList';
import { signsIn, type ServerFormValues } from '@renderer/components/server-form/formValues';
import { OAuthClientFields } from './server-auth/OAuthClientFields';
import { KeyValueRows } from '@renderer/components/server-form/KeyValueRows';
import { urlTransportOf, useCommandLine, type CommandLineChange } from './server-form/useCommandLine';

export interface McpServerFormProps {
  form: FormInstance<ServerFormValues>;
  initialValues: ServerFormValues;
  /** Fetches the real env and header values when the person asks to see a masked one (edit). */
  revealSecrets?: (() => Promise<void>) | undefined;
  onValuesChange?: () => void;
}

const OPTIONS = transportOptions(TRANSPORTS);

/** "http:// or https://" for a URL transport's help text. */
const schemesOf = (type: ServerFormValues['type']) => TRANSPORTS.get(type).urlSchemes.map((scheme) => `${scheme}//`);

export function McpServerForm({ form, initialValues, revealSecrets, onValuesChange }: McpServerFormProps) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const type = Form.useWatch('type', form) ?? initialValues.type;
  const scope = Form.useWatch('scope', form) ?? initialValues.scope;
  const command = Form.useWatch<string | undefined>(['config', 'command'], form);
  const commandLine = useCommandLine(form, onValuesChange);
  const urlTransport = urlTransportOf(command);

  /** Under Command: the offer to switch when it holds a URL, Split for a line not split by itself, else how to fill it. */
  const commandExtra = (): ReactNode => {
    if (command && urlTransport) {
      return (
        <Alert
          type="info"
          showIcon
          className="mt-xs"
          data-testid="command-is-url"
          title={t('form.commandLine.isUrl')}
          action={
            <Button size="small" onClick={() => commandLine.switchToUrl(command)}>
              {t('form.commandLine.switchTo', { transport: t(TRANSPORTS.get(urlTransport).displayKey) })}
            </Button>
          }
        />
      );
    }
    if (command && isCommandLine(command)) {
      // A button, so Tab reaches it and Enter presses it.
      return (
        <Button type="link" size="small" className="inline-link" onClick={() => commandLine.split(command)} data-testid="split-command">
          {t('form.fields.split')}
        </Button>
      );
    }
    return t('form.fields.commandHelp');
  };

  const FIELDS: Record<TransportField, (required: boolean) => ReactNode> = {
    command: (required) => (
      <Form.Item key="command" name={['config', 'command']} label={t('form.fields.command')} required={required} extra={commandExtra()}>
        <Input
          placeholder={t('form.fields.commandPlaceholder')}
          spellCheck={false}
          onPaste={commandLine.onPaste}
          onBlur={commandLine.onBlur}
          onChange={commandLine.dismiss}
        />
      </Form.Item>
    ),
    args: () => (
      <Form.Item key="args" label={t('form.fields.args')}>
        <ArgsList />
      </Form.Item>
    ),
    env: () => (
      <Form.Item key="env" label={t('form.fields.env')} extra={t('form.fields.rowsHelp')}>
        <KeyValueRows list="env" revealSecrets={revealSecrets} />
      </Form.Item>
    ),
    url: (required) => (
      <Form.Item
        key="url"
        name={['config', 'url']}
        label={t('form.fields.url')}
        required={required}
        extra={t('form.validation.urlScheme', { schemes: schemesOf(type).join(', ') })}
      >
        <Input placeholder={`${schemesOf(type).at(-1) ?? ''}127.0.0.1:3000/…`} spellCheck={false} inputMode="url" />
      </Form.Item>
    ),
    headers: () => (
      <Form.Item key="headers" label={t('form.fields.headers')} extra={t('form.fields.rowsHelp')}>
        <KeyValueRows list="headers" revealSecrets={revealSecrets} />
      </Form.Item>
    ),
    wsProtocol: () => (
      <Form.Item key="wsProtocol" name={['config', 'wsProtocol']} label={t('form.fields.wsProtocol')} extra={t('form.fields.wsProtocolHelp')}>
        <Input placeholder={t('form.fields.wsProtocolPlaceholder')} spellCheck={false} />
      </Form.Item>
    ),
  };

  return (
    <Form<ServerFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={() => onValuesChange?.()}
      requiredMark
      data-testid="server-form"
      data-transport={type}
    >
      <Flex gap="middle" wrap>
        <Form.Item name="name" label={t('form.fields.name')} required className="form-field-grow">
          <Input placeholder={t('form.fields.namePlaceholder')} maxLength={LIMITS.serverName.max} autoFocus />
        </Form.Item>
        <Form.Item name="type" label={t('form.fields.type')} required className="form-field-fit">
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={OPTIONS.map((option) => ({ value: option.value, label: t(option.labelKey) }))}
          />
        </Form.Item>
      </Flex>
      <Divider titlePlacement="start" plain className="mt-0">
        {t('form.sections.connection')}
      </Divider>
      {commandLine.change ? <CommandLineNote change={commandLine.change} onUndo={commandLine.undo} onDismiss={commandLine.dismiss} /> : null}
      {transportFields(TRANSPORTS, type).map(({ field, required }) => FIELDS[field](required))}
      {signsIn(type) ? <OAuthClientFields /> : null}
      <Divider titlePlacement="start" plain>
        {t('form.sections.options')}
      </Divider>
      <Flex gap="middle" wrap>
        <Form.Item name="scope" label={t('form.fields.scope')} className="form-field-fit">
          <Radio.Group
            options={[
              { value: 'user', label: t('form.fields.scopeUser') },
              { value: 'local', label: t('form.fields.scopeLocal') },
            ]}
          />
        </Form.Item>
        <Form.Item name={['config', 'timeoutSec']} label={t('form.fields.timeout')} tooltip={t('form.fields.timeoutHelp')} className="form-field-timeout">
          <InputNumber min={1} precision={0} placeholder={t('form.fields.timeoutPlaceholder')} suffix={t('form.fields.timeoutUnit')} className="full-width" />
        </Form.Item>
        <Form.Item name="isActive" label={t('form.fields.isActive')} tooltip={t('form.fields.isActiveHelp')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Flex>
      {scope === 'local' ? (
        <Form.Item name="projectPath" label={t('form.fields.projectPath')} required extra={t('form.fields.projectPathHelp')}>
          <Input placeholder={t('form.fields.projectPathPlaceholder')} spellCheck={false} />
        </Form.Item>
      ) : null}
    </Form>
  );
}

/** What a split or a switch to a URL transport changed, with the way back. */
function CommandLineNote({ change, onUndo, onDismiss }: { change: CommandLineChange; onUndo: () => void; onDismiss: () => void }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const text =
    change.kind === 'split'
      ? t('form.commandLine.split', { command: change.command, count: change.args })
      : t('form.commandLine.switched', { transport: t(TRANSPORTS.get(change.transport).displayKey) });
  return (
    <Alert
      type="success"
      showIcon
      role="status"
      className="mb-md"
      data-testid="command-line-change"
      title={text}
      closable={{ onClose: onDismiss, 'aria-label': t('form.commandLine.dismiss') }}
      action={
        <Button size="small" onClick={onUndo}>
          {t('form.commandLine.undo')}
        </Button>
      }
    />
  );
}
