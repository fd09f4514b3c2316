import { QuestionCircleOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockFrame } from './BlockFrame';
import { readBlock } from './contentBlocks';
import { AudioBlock, ImageBlock } from './MediaBlocks';
import { EmbeddedResourceView, ResourceLinkView } from './ResourceBlocks';
import { TextBlock } from './TextBlock';
import { JsonView } from './JsonView';

/** One content block, whatever the server sent: a type this app does not know is shown as JSON. */
export function BlockView({ raw, fileStem }: { raw: unknown; fileStem: string }) {
  const { t } = useTranslation(['toolCall', 'common']);
  const block = useMemo(() => readBlock(raw), [raw]);
  switch (block.kind) {
    case 'text':
      return <TextBlock text={block.text} fileStem={fileStem} />;
    case 'image':
      return <ImageBlock data={block.data} mimeType={block.mimeType} fileStem={fileStem} />;
    case 'audio':
      return <AudioBlock data={block.data} mimeType={block.mimeType} fileStem={fileStem} />;
    case 'resource_link':
      return <ResourceLinkView block={block} />;
    case 'resource':
      return <EmbeddedResourceView block={block} fileStem={fileStem} />;
    case 'unknown':
      return (
        <BlockFrame icon={<QuestionCircleOutlined aria-hidden />} title={t('block.unknown', { type: block.type })} testId="block-unknown">
          <Typography.Paragraph type="secondary" className="text-sm">
            {t('unknownBlock')}
          </Typography.Paragraph>
          <JsonView title={t('block.json')} value={block.raw} copyLabel={t('copy.block')} fileStem={fileStem} />
        </BlockFrame>
      );
  }
}
