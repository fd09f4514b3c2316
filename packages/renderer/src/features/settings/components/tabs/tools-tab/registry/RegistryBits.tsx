/** Small pieces the registry's list, entry page and install dialog share. */
import { ExportOutlined } from '@ant-design/icons';
import { Alert, Flex, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { RegistryOption, RegistryReviewFlag, RegistryStatus } from '@shared/contracts/registry';
import { checkExternalUrl } from '@shared/externalUrl';
import { inlineSafe } from '@shared/text/visibleControls';
import { ToneTag } from '@renderer/components/ToneTag';

/** Active or deprecated (deleted entries are not listed; an unknown status says nothing). */
export function StatusTag({ status }: { status: RegistryStatus }) {
  const { t } = useTranslation('registry');
  if (status === 'active') return <ToneTag tone="success" data-testid="registry-status" data-status={status}>{t('status.active')}</ToneTag>;
  if (status === 'deprecated' || status === 'deleted') {
    return (
      <ToneTag tone="warning" data-testid="registry-status" data-status={status}>
        {t(`status.${status}`)}
      </ToneTag>
    );
  }
  return null;
}

/**
 * A link from a registry entry: opened in the browser only when it is a web address the app may
 * open (shared/externalUrl.ts: https, or http to this computer, nothing that disguises where it
 * leads); anything else is shown, harmlessly, as text.
 */
export function EntryLink({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation('registry');
  const checked = checkExternalUrl(url);
  if (!checked.ok) {
    return (
      <Typography.Text type="secondary" data-testid="registry-link-refused">
        {label}: {t('entry.linkRefused', { url: inlineSafe(url) })}
      </Typography.Text>
    );
  }
  return (
    <Typography.Link href={checked.href} target="_blank" rel="noopener noreferrer">
      {label} <ExportOutlined aria-hidden /> <Typography.Text type="secondary" className="break-all">{checked.href}</Typography.Text>
    </Typography.Link>
  );
}

const TEXT_PARTS = ['name', 'title', 'description'] as const;

/** A flag's subject as shown: which part of the entry's text, in the person's language; anything else (a variable, an argument) as sent, made harmless. */
function flagSubject({ flag, subject = '' }: RegistryReviewFlag, t: TFunction<'registry'>): string {
  const part = TEXT_PARTS.find((p) => p === subject);
  return flag === 'controls_in_text' && part ? t(`flags.part.${part}`) : inlineSafe(subject);
}

/** What the registry entry itself tells the person to weigh: deprecated, not the latest, code-loading variables, privileged containers… */
export function FlagList({ flags }: { flags: readonly RegistryReviewFlag[] }) {
  const { t } = useTranslation('registry');
  if (flags.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="registry-flags"
      title={t('entry.warnings')}
      description={
        <ul className="bullet-list m-0">
          {flags.map((flag, index) => (
            <li key={`${flag.flag}-${index}`} data-flag={flag.flag}>
              {t(`flags.${flag.flag}`, { subject: flagSubject(flag, t) })}
            </li>
          ))}
        </ul>
      }
    />
  );
}

/**
 * Why an option cannot be installed here, in the reader's language; the host's English when it
 * sent no code (an older host). Values from the entry are made harmless first.
 */
export function skipReason(option: RegistryOption, t: TFunction<'registry'>): string | undefined {
  const { skip } = option;
  if (!skip) return option.skipped === undefined ? undefined : inlineSafe(option.skipped);
  const { code, ...params } = skip;
  const values: { type?: string; transport?: string; version?: string; protocol?: string } = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, inlineSafe(value)]));
  return t(`skip.${code}`, values);
}

/** A package's or remote's tags: its type, and "needs a key". */
export function TypeTags({ packageTypes, remoteTypes, needsKey }: { packageTypes: readonly string[]; remoteTypes: readonly string[]; needsKey: boolean }) {
  const { t } = useTranslation('registry');
  return (
    <Flex gap={4} wrap>
      {[...new Set(packageTypes)].map((type) => (
        <Tag key={`p-${type}`} variant="filled" data-testid="registry-type">
          {inlineSafe(type)}
        </Tag>
      ))}
      {[...new Set(remoteTypes)].map((type) => (
        <Tag key={`r-${type}`} variant="filled" data-testid="registry-type">
          {t('entry.remote', { type: inlineSafe(type) })}
        </Tag>
      ))}
      {needsKey ? (
        <ToneTag tone="warning" data-testid="registry-needs-key">
          {t('entry.needsKey')}
        </ToneTag>
      ) : null}
    </Flex>
  );
}
