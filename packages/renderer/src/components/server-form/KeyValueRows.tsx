import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Tooltip } from 'antd';
import { REDACTED } from '@mcp-common/redaction';
import { useRef, useState } from 'react';
import { addAndFocus } from '@renderer/components/addAndFocus';
import { useTranslation } from 'react-i18next';
import type { KeyValueRow } from './formValues';

interface KeyValueRowsProps {
  list: 'env' | 'headers';
  /**
   * Fetches the real values when the person asks to see one the form only has masked (an edit
   * starts from `mcp.list`, which masks them); resolves once they are in the form.
   */
  revealSecrets?: (() => Promise<void>) | undefined;
}

const LABELS = {
  env: { key: 'form.fields.envKey', placeholder: 'form.fields.envKeyPlaceholder', add: 'form.fields.addEnv' },
  headers: { key: 'form.fields.headerKey', placeholder: 'form.fields.headerKeyPlaceholder', add: 'form.fields.addHeader' },
} as const;

/** Env variables or headers as name/value rows; every value is hidden until its eye is pressed. */
export function KeyValueRows({ list, revealSecrets }: KeyValueRowsProps) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const form = Form.useFormInstance();
  const [shown, setShown] = useState<ReadonlySet<number>>(new Set());
  const [revealing, setRevealing] = useState(false);
  const rows = Form.useWatch(['config', list], form) as KeyValueRow[] | undefined;
  const labels = LABELS[list];
  const listRef = useRef<HTMLDivElement>(null);

  const setVisible = async (key: number, name: number, visible: boolean) => {
    if (visible && revealSecrets && form.getFieldValue(['config', list, name, 'value']) === REDACTED) {
      setRevealing(true);
      try {
        await revealSecrets();
      } finally {
        setRevealing(false);
      }
    }
    setShown((before) => {
      const next = new Set(before);
      if (visible) next.add(key);
      else next.delete(key);
      return next;
    });
  };

  return (
    <Form.List name={['config', list]}>
      {(fields, { add, remove }) => (
        <Flex vertical gap={4} data-testid={`${list}-rows`} ref={listRef}>
          {fields.map((field) => {
            const rowName = rows?.[field.name]?.key?.trim();
            return (
              <Flex key={field.key} gap={4} align="start" data-testid={`${list}-row`}>
                <Form.Item name={[field.name, 'key']} className="kv-key">
                  <Input aria-label={t(labels.key)} placeholder={t(labels.placeholder)} spellCheck={false} />
                </Form.Item>
                <Form.Item name={[field.name, 'value']} className="kv-value">
                  <Input.Password
                    aria-label={rowName ? t('form.fields.value', { name: rowName }) : t('form.fields.valueUnnamed')}
                    placeholder={t('form.fields.valuePlaceholder')}
                    autoComplete="off"
                    spellCheck={false}
                    disabled={revealing}
                    visibilityToggle={{ visible: shown.has(field.key), onVisibleChange: (visible) => void setVisible(field.key, field.name, visible) }}
                  />
                </Form.Item>
                <Tooltip title={t('form.fields.removeRow', { name: rowName || t('form.fields.valueUnnamed') })}>
                  <Button
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={t('form.fields.removeRow', { name: rowName || t('form.fields.valueUnnamed') })}
                    onClick={() => remove(field.name)}
                  />
                </Tooltip>
              </Flex>
            );
          })}
          <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => addAndFocus(() => add({ key: '', value: '' }), listRef.current, `[data-testid="${list}-row"]`)} className="self-start">
            {t(labels.add)}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
