import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** "Save" with a label that names what is saved (several Save buttons share one screen). */
export function SaveButton({ onSave, what, testId }: { onSave: () => void; what: string; testId?: string }) {
  const { t } = useTranslation(['toolCall', 'common']);
  return (
    <Button size="small" icon={<DownloadOutlined aria-hidden />} aria-label={t('saveWhat', { what })} data-testid={testId} onClick={onSave}>
      {t('save')}
    </Button>
  );
}
