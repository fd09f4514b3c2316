import { FileTextOutlined } from '@ant-design/icons';
import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockFrame } from './BlockFrame';
import { CopyButton } from './CopyButton';
import { LargeText, TEXT_DISPLAY_LIMIT } from './LargeText';
import { SafeMarkdown } from './SafeMarkdown';

type View = 'formatted' | 'plain';

/**
 * A text that is a JSON object or array, indented; undefined for anything else. Markdown would
 * run JSON's lines together into one paragraph, so "formatted" JSON is JSON laid out.
 */
export function formattedJson(text: string): string | undefined {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return undefined;
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === 'object' && value !== null ? JSON.stringify(value, null, 2) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A text block: formatted by default (markdown, which most tools write, or JSON indented), or the
 * text exactly as sent, which is what a log needs. Large texts are always plain: formatting
 * megabytes is slow.
 */
export function TextBlock({ text, fileStem }: { text: string; fileStem: string }) {
  const { t } = useTranslation(['toolCall', 'common']);
  const [chosen, setView] = useState<View>('formatted');
  const large = text.length > TEXT_DISPLAY_LIMIT;
  const view = large ? 'plain' : chosen;
  return (
    <BlockFrame
      icon={<FileTextOutlined aria-hidden />}
      title={t('block.text')}
      testId="block-text"
      actions={
        <>
          <Segmented<View>
            size="small"
            aria-label={t('text.view')}
            value={view}
            onChange={setView}
            options={[
              { value: 'formatted', label: t('text.formatted'), disabled: large },
              { value: 'plain', label: t('text.plain') },
            ]}
          />
          <CopyButton text={text} label={t('copy.text')} testId="copy-text" />
        </>
      }
    >
      <LargeText
        text={text}
        what={t('block.text')}
        fileName={`${fileStem}.txt`}
        render={(shown) => {
          if (view === 'plain') return <pre className="code-box code-box-tall">{shown}</pre>;
          const json = formattedJson(shown);
          return json === undefined ? (
            <SafeMarkdown text={shown} />
          ) : (
            <pre className="code-box code-box-tall" data-testid="formatted-json">
              {json}
            </pre>
          );
        }}
      />
    </BlockFrame>
  );
}
