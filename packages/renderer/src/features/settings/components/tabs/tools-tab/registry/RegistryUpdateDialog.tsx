import { App as AntdApp, Button, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistryUpdate } from '@shared/contracts/registry';
import { errorData } from '@shared/errorData';
import { inlineSafe } from '@shared/text/visibleControls';
import { useRoute } from '@renderer/data/useRoute';
import { ActivationReviewDialog, updateReviewRequest } from '../server-list/ActivationReviewDialog';
import { FlagList } from './RegistryBits';

/** The review's refusal this dialog answers by asking for the input it names. */
const ANSWERED = ['REGISTRY_INPUT_REQUIRED'] as const;

/**
 * Applying a registry server's update from the window (issue 31): the install's review for the
 * record the new version would write (values the server was built with are kept, secrets stay in
 * the secret store), with the entry's warnings, and the update written only on yes. An input the
 * new version asks for that the old one did not is asked here (the host names it), and the review
 * is asked again with it.
 */
export function RegistryUpdateDialog({ update, open, onClose }: { update: RegistryUpdate & { latest: string }; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('registry');
  const { message } = AntdApp.useApp();
  const [inputs, setInputs] = useState<Record<string, string>>({});
  // A new opening starts from what the record holds again.
  const close = () => {
    setInputs({});
    onClose();
  };
  // The same question as the dialog's own review (one query): the warnings of the updated entry.
  const preview = useRoute('registry.update', updateReviewRequest(update.serverId, update.latest, inputs), { enabled: open, staleTime: 0, gcTime: 0 });
  const missing = preview.error ? errorData(preview.error, 'REGISTRY_INPUT_REQUIRED') : undefined;
  const values = { name: inlineSafe(update.serverName), from: inlineSafe(update.origin.version), to: inlineSafe(update.latest) };
  return (
    <ActivationReviewDialog
      serverId={update.serverId}
      name={update.serverName}
      open={open}
      onClose={close}
      updateTo={update.latest}
      updateInputs={inputs}
      answeredErrors={ANSWERED}
      intro={t('update.intro', values)}
      notes={
        <>
          {preview.data ? <FlagList flags={preview.data.flags} /> : null}
          {missing ? (
            <MissingInput
              key={missing.input}
              input={missing.input}
              secret={missing.secret === true}
              version={values.to}
              onGiven={(value) => setInputs((given) => ({ ...given, [missing.input]: value }))}
            />
          ) : null}
        </>
      }
      onActivated={() => void message.success(t('update.done', values))}
    />
  );
}

/** The one input the new version needs and the record lacks: typed here (masked when secret), then the review is asked again. */
function MissingInput({ input, secret, version, onGiven }: { input: string; secret: boolean; version: string; onGiven: (value: string) => void }) {
  const { t } = useTranslation('registry');
  const [value, setValue] = useState('');
  const name = inlineSafe(input);
  const give = () => {
    if (value !== '') onGiven(value);
  };
  const field = {
    'aria-label': name,
    autoFocus: true,
    autoComplete: 'off',
    spellCheck: false,
    value,
    onChange: (event: { target: { value: string } }) => setValue(event.target.value),
    onPressEnter: give,
  };
  return (
    <Flex vertical gap="small" data-testid="registry-update-input">
      <Typography.Text>{t('update.needsInput', { version, input: name })}</Typography.Text>
      <Flex gap="small">
        {secret ? <Input.Password {...field} visibilityToggle={false} /> : <Input {...field} />}
        <Button onClick={give} disabled={value === ''}>
          {t('update.giveInput')}
        </Button>
      </Flex>
    </Flex>
  );
}
