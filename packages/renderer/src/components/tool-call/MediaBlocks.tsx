import { ExpandOutlined, PictureOutlined, SoundOutlined } from '@ant-design/icons';
import { Alert, Button, Image } from 'antd';
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
  const { t } = useTranslation(['toolCall', 'common']);
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
  const what = t('block.image');
  const meta = [mimeType, formatBytes(size), dimensions && t('image.dimensions', dimensions)].filter(Boolean).join(' · ');
  return (
    <BlockFrame
      icon={<PictureOutlined aria-hidden />}
      title={what}
      meta={meta}
      testId="block-image"
      actions={
        <>
          {inline ? (
            <Button size="small" icon={<ExpandOutlined aria-hidden />} onClick={() => setOpen(true)} aria-label={t('image.enlarge')}>
              {t('image.enlargeShort')}
            </Button>
          ) : null}
          <SaveButton what={what} onSave={save} testId="save-image" />
        </>
      }
    >
      {inline ? (
        <div className="image-mat">
          <Image
            {...(src !== undefined && { src })}
            alt={t('image.alt', { mimeType })}
            className="image-inline"
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
              ? t('media.undecodable')
              : !drawable
                ? t('media.notDrawable', { mimeType })
                : undrawable
                  ? t('image.undrawable')
                  : t('image.tooLarge', { size: formatBytes(size), limit: formatBytes(IMAGE_INLINE_LIMIT) })
          }
        />
      )}
    </BlockFrame>
  );
}

export function AudioBlock(props: MediaProps) {
  const { data, mimeType } = props;
  const { t } = useTranslation(['toolCall', 'common']);
  const { broken, setBroken, save } = useSave(props);
  const size = base64Size(data);
  const playable = isMediaType(mimeType, 'audio');
  const inline = playable && size <= AUDIO_INLINE_LIMIT && !broken;
  const what = t('block.audio');
  return (
    <BlockFrame
      icon={<SoundOutlined aria-hidden />}
      title={what}
      meta={`${mimeType} · ${formatBytes(size)}`}
      testId="block-audio"
      actions={<SaveButton what={what} onSave={save} testId="save-audio" />}
    >
      {inline ? (
        <audio controls preload="metadata" aria-label={t('audio.player', { mimeType })} className="audio-inline">
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
              ? t('media.undecodable')
              : !playable
                ? t('media.notPlayable', { mimeType })
                : t('audio.tooLarge', { size: formatBytes(size), limit: formatBytes(AUDIO_INLINE_LIMIT) })
          }
        />
      )}
    </BlockFrame>
  );
}
