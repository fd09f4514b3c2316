/**
 * Field messages in the person's language. The schema's issues (and the host's, which come from
 * the same schema) are English sentences; the form knows what each field needs from the
 * transport table and says it in words of its own. An issue it does not recognise keeps its text.
 */
import type { IssueField } from '@shared/errors';
import { TRANSPORTS } from '@shared/transports';
import type { TFunction } from 'i18next';
import { issueField, type ServerFormValues } from '@renderer/components/server-form/formValues';

/** An issue as the form says it: the shared issue's field and words. */
export type Issue = Pick<IssueField, 'path' | 'message'>;

export function issueText(t: TFunction<['settings/tools', 'common']>, issue: Issue, values: ServerFormValues): string {
  const descriptor = TRANSPORTS.get(values.type);
  const field = issueField(issue.path, values);
  const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';
  switch (field) {
    case 'name':
      return blank(values.name) ? t('form.validation.nameRequired') : issue.message;
    case 'config.command':
      return blank(values.config.command) ? t('form.validation.required', { transport: t(descriptor.displayKey) }) : issue.message;
    case 'config.url':
      return blank(values.config.url)
        ? t('form.validation.required', { transport: t(descriptor.displayKey) })
        : t('form.validation.urlScheme', { schemes: descriptor.urlSchemes.map((scheme) => `${scheme}//`).join(', ') });
    case 'config.timeoutSec':
      return t('form.validation.timeout');
    case 'config.oauthClientId':
      return t('auth.form.validation.clientIdRequired');
    case 'config.oauthClientSecret':
      return t('auth.form.validation.secretRequired');
    default:
      return issue.message;
  }
}
