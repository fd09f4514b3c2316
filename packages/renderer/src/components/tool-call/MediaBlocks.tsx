import { ExpandOutlined, PictureOutlined, SoundOutlined } from '@ant-design/icons';
import { Alert, Button, Image, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockFrame } from './BlockFrame';
import { base64Bytes, base64Size, dataUrl, fileNameFor, formatBytes, isMediaType } from './contentBlocks';
import { saveFile } from './download';
import { SaveButton } from './SaveButton';

/** Decoded sizes above which media is offered as a file instead of being drawn: decoding it would stall the window. */
export const IMAGE_INLINE_LIMIT = 5 * 1024 * 1024;
export const AUDIO_INLINE_LIMIT = 20 * 1024 * 1024;

interface MediaProps {
  data: string;
  mimeType: string;
  fileStem: string;
}

/** Saves decoded base64; text that is not base64 becomes a message instead of a corrupt file. */
function useSave({ data, mimeType, fileStem }: MediaProps) {
  const [broken, setBroken] = useState(false);
  const save = () => {
    try {
      saveFile(base64Bytes(data), mimeType, fileNameFor(fileStem, mimeType));
    } catch {
      setBroken(true);
    }
  };
  return { broken, setBroken, save };
}

export function ImageBlock(props: MediaProps) {
  const { data, mimeType } = props;
  const { t } = useTranslation(['settings/tools', 'common']);
  const { token } = theme.useToken();
  const { broken, save } = useSave(props);
  const [open, setOpen] = useState(false);
  const [undrawable, setUndrawable] = useState(false);
  const [dimensions, setDimensions] = useState<{ width: number; height: number }>();
  const size = base64Size(data);
  const drawable = isMediaType(mimeType, 'image');
  const inline = drawable && size <= IMAGE_INLINE_LIMIT && !broken && !undrawable;
  const src = drawable && size <= IMAGE_INLINE_LIMIT && !broken ? dataUrl(mimeType, data) : undefined;
  // Measured on a probe of its own: antd's Image keeps the <img> load events for itself.
  useEffect(() => {
    if (!src) return;
    const probe = new window.Image();
    probe.onload = () => setDimensions({ width: probe.naturalWidth, height: probe.naturalHeight });
    probe.onerror = () => setUndrawable(true);
    probe.src = src;
    return () => {
      probe.onload = null;
      probe.onerror = null;
    };
  }, [src]);
  const what = t('toolCall.block.image');
  const meta = [mimeType, formatBytes(size), dimensions && t('toolCall.image.dimensions', dimensions)].filter(Boolean).join(' · ');
  return (
    <BlockFrame
      icon={<PictureOutlined />}
      title={what}
      meta={meta}
      testId="block-image"
      actions={
        <>
          {inline ? (
            <Button size="small" icon={<ExpandOutlined />} onClick={() => setOpen(true)} aria-label={t('toolCall.image.enlarge')}>
              {t('toolCall.image.enlargeShort')}
            </Button>
          ) : null}
          <SaveButton what={what} onSave={save} testId="save-image" />
        </>
      }
    >
      {inline ? (
        <div style={{ display: 'inline-block', padding: 4, borderRadius: token.borderRadiusSM, background: token.colorFillTertiary }}>
          <Image
            {...(src !== undefined && { src })}
            alt={t('toolCall.image.alt', { mimeType })}
            style={{ maxWidth: '100%', maxHeight: 360, minWidth: 16, minHeight: 16, objectFit: 'contain' }}
            preview={{ open, onOpenChange: setOpen }}
          />
        </div>
      ) : (
        <Alert
          type="info"
          showIcon
          data-testid="image-placeholder"
          title={
            broken
              ? t('toolCall.media.undecodable')
              : !drawable
                ? t('toolCall.media.notDrawable', { mimeType })
                : undrawable
                  ? t('toolCall.image.undrawable')
                  : t('toolCall.image.tooLarge', { size: formatBytes(size), limit: formatBytes(IMAGE_INLINE_LIMIT) })
          }
        />
      )}
    </BlockFrame>
  );
}

export function AudioBlock(props: MediaProps) {
  const { data, mimeType } = props;
  const { t } = useTranslation(['settings/tools', 'common']);
  const { broken, setBroken, save } = useSave(props);
  const size = base64Size(data);
  const playable = isMediaType(mimeType, 'audio');
  const inline = playable && size <= AUDIO_INLINE_LIMIT && !broken;
  const what = t('toolCall.block.audio');
  return (
    <BlockFrame
      icon={<SoundOutlined />}
      title={what}
      meta={`${mimeType} · ${formatBytes(size)}`}
      testId="block-audio"
      actions={<SaveButton what={what} onSave={save} testId="save-audio" />}
    >
      {inline ? (
        <audio controls preload="metadata" aria-label={t('toolCall.audio.player', { mimeType })} style={{ width: '100%', maxWidth: 480 }}>
          {/* A source that fails to decode reports on the <source>, not the <audio>. */}
          <source src={dataUrl(mimeType, data)} type={mimeType} onError={() => setBroken(true)} />
        </audio>
      ) : (
        <Alert
          type="info"
          showIcon
          data-testid="audio-placeholder"
          title={
            broken
              ? t('toolCall.media.undecodable')
              : !playable
                ? t('toolCall.media.notPlayable', { mimeType })
                : t('toolCall.audio.tooLarge', { size: formatBytes(size), limit: formatBytes(AUDIO_INLINE_LIMIT) })
          }
        />
      )}
    </BlockFrame>
  );
}
