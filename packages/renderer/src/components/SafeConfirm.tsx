import { Popconfirm, type PopconfirmProps } from 'antd';
import { useId } from 'react';

/**
 * A Popconfirm whose focus lands on its safe answer (Cancel) when it opens: antd leaves focus on
 * the button that opened it, so a keyboard user had to find the question, and a second Enter
 * must never be the one that deletes or signs out. Focused once the popup is shown (a button
 * focused while its popup is still hidden keeps no focus, so autoFocus does not do it).
 */
export function SafeConfirm({ cancelButtonProps, afterOpenChange, ...props }: PopconfirmProps) {
  const id = useId();
  return (
    <Popconfirm
      {...props}
      cancelButtonProps={{ ...cancelButtonProps, id }}
      afterOpenChange={(open) => {
        if (open) document.getElementById(id)?.focus();
        afterOpenChange?.(open);
      }}
    />
  );
}
