import { FileOutlined, LinkOutlined } from '@ant-design/icons';
import { Alert, Descriptions, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockFrame } from './BlockFrame';
import { base64Bytes, base64Size, fileNameFor, formatBytes, type EmbeddedResourceBlock, type ResourceLinkBlock } from './contentBlocks';
import { CopyButton } from './CopyButton';
import { saveFile } from './download';
import { LargeText } from './LargeText';
import { SaveButton } from './SaveButton';

/** The URI as text with its own copy button: a server's URI may be any scheme, so it is never a live link. */
function Uri({ uri }: { uri: string }) {
  const { t } = useTranslation(['toolCall', 'common']);
  return (
    <span className="inline-row cap-width">
      <Typography.Text code className="break-all" data-testid="resource-uri">
        {uri}
      </Typography.Text>
      <CopyButton text={uri} label={t('copy.uri')} testId="copy-uri" />
    </span>
  );
}

/** A link the tool points at. It is not read: reading a resource is the person's choice (the Resources pane). */
export function ResourceLinkView({ block }: { block: ResourceLinkBlock }) {
  const { t } = useTranslation(['toolCall', 'common']);
  const name = block.title ?? block.name ?? block.uri;
  return (
    <BlockFrame icon={<LinkOutlined aria-hidden />} title={t('block.resourceLink')} meta={block.mimeType} testId="block-resource-link">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'name', label: t('resource.name'), children: <Typography.Text strong>{name}</Typography.Text> },
          { key: 'uri', label: t('resource.uri'), children: <Uri uri={block.uri} /> },
          ...(block.mimeType ? [{ key: 'mime', label: t('resource.mimeType'), children: block.mimeType }] : []),
          ...(block.description ? [{ key: 'description', label: t('resource.description'), children: block.description }] : []),
        ]}
      />
      <Typography.Text type="secondary" className="text-sm">
        {t('resource.notFetched')}
      </Typography.Text>
    </BlockFrame>
  );
}

/** A resource sent inside the result: text is shown, a blob is offered as a file of its own type. */
export function EmbeddedResourceView({ block, fileStem }: { block: EmbeddedResourceBlock; fileStem: string }) {
  const { t } = useTranslation(['toolCall', 'common']);
  const [broken, setBroken] = useState(false);
  const mimeType = block.mimeType ?? (block.text !== undefined ? 'text/plain' : 'application/octet-stream');
  const fileName = fileNameFor(fileStem, mimeType, block.uri);
  const what = t('block.resource');
  const saveBlob = () => {
    try {
      saveFile(base64Bytes(block.blob ?? ''), mimeType, fileName);
    } catch {
      setBroken(true);
    }
  };
  const isText = block.text !== undefined;
  return (
    <BlockFrame
      icon={<FileOutlined aria-hidden />}
      title={what}
      meta={isText ? mimeType : `${mimeType} · ${formatBytes(base64Size(block.blob ?? ''))}`}
      testId={isText ? 'block-resource-text' : 'block-resource-blob'}
      actions={
        isText ? (
          <>
            <CopyButton text={block.text ?? ''} label={t('copy.text')} />
            <SaveButton what={what} onSave={() => saveFile(block.text ?? '', mimeType, fileName)} testId="save-resource" />
          </>
        ) : (
          <SaveButton what={what} onSave={saveBlob} testId="save-resource" />
        )
      }
    >
      <div className="mb-xs">
        <Uri uri={block.uri} />
      </div>
      {isText ? (
        <LargeText text={block.text ?? ''} what={what} fileName={fileName} mimeType={mimeType} render={(shown) => <pre className="code-box">{shown}</pre>} />
      ) : broken ? (
        <Alert type="warning" showIcon title={t('media.undecodable')} />
      ) : (
        <Typography.Text type="secondary">{t('resource.blob', { fileName })}</Typography.Text>
      )}
    </BlockFrame>
  );
}
