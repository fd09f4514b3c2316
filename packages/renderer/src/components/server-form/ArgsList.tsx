import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Tooltip } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { addAndFocus } from '@renderer/components/addAndFocus';

/**
 * The arguments as an ordered list: one input per argument (so `--dir "My Files"` stays one
 * argument, no quoting needed), reordered with the arrow buttons, which the keyboard reaches too.
 */
export function ArgsList() {
  const { t } = useTranslation(['settings/tools', 'common']);
  const listRef = useRef<HTMLDivElement>(null);
  return (
    <Form.List name={['config', 'args']}>
      {(fields, { add, remove, move }) => (
        <Flex vertical gap={4} data-testid="args-list" ref={listRef}>
          {fields.map((field, index) => {
            const n = index + 1;
            return (
              <Flex key={field.key} gap={4} align="start" data-testid="arg-row">
                <Form.Item name={field.name} noStyle>
                  <Input aria-label={t('form.fields.arg', { n })} placeholder={t('form.fields.argPlaceholder')} spellCheck={false} />
                </Form.Item>
                <Tooltip title={t('form.fields.moveUp', { n })}>
                  <Button icon={<ArrowUpOutlined aria-hidden />} aria-label={t('form.fields.moveUp', { n })} disabled={index === 0} onClick={() => move(index, index - 1)} />
                </Tooltip>
                <Tooltip title={t('form.fields.moveDown', { n })}>
                  <Button
                    icon={<ArrowDownOutlined aria-hidden />}
                    aria-label={t('form.fields.moveDown', { n })}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                </Tooltip>
                <Tooltip title={t('form.fields.removeArg', { n })}>
                  <Button icon={<DeleteOutlined aria-hidden />} aria-label={t('form.fields.removeArg', { n })} onClick={() => remove(index)} />
                </Tooltip>
              </Flex>
            );
          })}
          <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => addAndFocus(() => add(''), listRef.current, '[data-testid="arg-row"]')} className="self-start">
            {t('form.fields.addArg')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
