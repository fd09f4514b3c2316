import { SendOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Typography } from 'antd';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface ComposerProps {
  /** Why sending is not possible yet (no provider, no model), shown under the field; absent when it is. */
  blocked?: string | undefined;
  running: boolean;
  stopping: boolean;
  /** Resolves false when the message was not taken: it then stays in the field. */
  onSend: (message: string) => Promise<boolean>;
  onStop: () => void;
}

/** The message field: Enter sends, Shift+Enter is a new line; Stop replaces Send while a turn runs. */
export function Composer({ blocked, running, stopping, onSend, onStop }: ComposerProps) {
  const { t } = useTranslation(['chat', 'common']);
  const hintId = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const empty = text.trim().length === 0;
  const reason = blocked ?? (running ? t('input.running') : empty ? t('input.empty') : undefined);

  const submit = async () => {
    if (reason || sending) return;
    const message = text;
    setSending(true);
    setText('');
    const taken = await onSend(message);
    setSending(false);
    // Refused (busy, a bad model name …): the message comes back, unless the person typed anew.
    if (!taken) setText((current) => (current === '' ? message : current));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method composes (Chinese, Japanese) picks a candidate; it must not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <Flex vertical gap={4}>
      <Flex gap="small" align="flex-end">
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          autoSize={{ minRows: 2, maxRows: 8 }}
          placeholder={t('input.placeholder')}
          aria-label={t('input.label')}
          aria-describedby={hintId}
          maxLength={200_000}
          data-testid="chat-input"
          className="flex-fill"
        />
        {running ? (
          <Button danger icon={<StopOutlined aria-hidden />} loading={stopping} onClick={onStop} data-testid="chat-stop">
            {t('stop')}
          </Button>
        ) : (
          <Button type="primary" icon={<SendOutlined aria-hidden />} disabled={!!reason} loading={sending} onClick={() => void submit()} aria-describedby={hintId} data-testid="chat-send">
            {t('send')}
          </Button>
        )}
      </Flex>
      <Typography.Text id={hintId} type="secondary" className="text-sm" data-testid="chat-input-hint">
        {reason ?? t('input.keys')}
      </Typography.Text>
    </Flex>
  );
}
