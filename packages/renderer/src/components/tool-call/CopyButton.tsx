import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Copies text and says so where it happened (the icon turns to a check, a screen reader hears
 * it), so it works without an antd <App> around it. `text` may be a function: a large result is
 * serialised only when someone copies it, not on every render.
 */
export function CopyButton({ text, label, testId }: { text: string | (() => string); label: string; testId?: string }) {
  const { t } = useTranslation(['toolCall', 'common']);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(typeof text === 'function' ? text() : text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  const said = state === 'copied' ? t('copy.copied') : state === 'failed' ? t('copy.failed') : '';
  return (
    <>
      <Tooltip title={said || label}>
        <Button
          size="small"
          type="text"
          icon={state === 'copied' ? <CheckOutlined aria-hidden /> : <CopyOutlined aria-hidden />}
          aria-label={label}
          data-testid={testId}
          onClick={() => void copy()}
        />
      </Tooltip>
      <span role="status" className="visually-hidden">
        {said}
      </span>
    </>
  );
}
