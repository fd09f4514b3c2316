import { Button, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from './download';
import { SaveButton } from './SaveButton';

/** Past this many characters a text is cut until asked for: rendering megabytes at once freezes the window. */
export const TEXT_DISPLAY_LIMIT = 200_000;

/** Shows `text` through `render`, cut to TEXT_DISPLAY_LIMIT characters with "Show all" and "Save" when it is longer. */
export function LargeText({
  text,
  what,
  fileName,
  mimeType = 'text/plain',
  render,
}: {
  text: string;
  /** What the text is ("Text", "Structured content"), for the Save button's label. */
  what: string;
  fileName: string;
  mimeType?: string;
  render: (shown: string) => ReactNode;
}) {
  const { t, i18n } = useTranslation(['toolCall', 'common']);
  const [all, setAll] = useState(false);
  const large = text.length > TEXT_DISPLAY_LIMIT;
  if (!large) return <>{render(text)}</>;
  const shown = all ? text : text.slice(0, TEXT_DISPLAY_LIMIT);
  const count = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  // The notice comes first: under a text of 200,000 characters it would be out of sight, and
  // the person would not know the text is cut, nor that it can be saved whole.
  return (
    <div>
      <Space wrap size="small" className="mb-xxs">
        <Typography.Text type="secondary" data-testid="text-truncated">
          {all
            ? t('text.showingAll', { total: count(text.length) })
            : t('text.truncated', { shown: count(TEXT_DISPLAY_LIMIT), total: count(text.length) })}
        </Typography.Text>
        {all ? null : (
          <Button size="small" onClick={() => setAll(true)}>
            {t('text.showAll')}
          </Button>
        )}
        <SaveButton what={what} onSave={() => saveFile(text, mimeType, fileName)} />
      </Space>
      {render(shown)}
    </div>
  );
}
