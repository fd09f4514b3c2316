import { Popconfirm, type PopconfirmProps } from 'antd';
import { useId } from 'react';

/**
 * Focus on a dialog's safe answer once it is shown: the props for that button, and the handler for
 * the popup's `afterOpenChange`. A button focused while its popup is still hidden keeps no focus,
 * so `autoFocus` does not do it.
 */
export function useSafeAnswer(): { buttonProps: { id: string }; afterOpenChange: (open: boolean) => void } {
  const id = useId();
  return { buttonProps: { id }, afterOpenChange: (open) => (open ? document.getElementById(id)?.focus() : undefined) };
}

/**
 * A Popconfirm whose focus lands on its safe answer (Cancel) when it opens: antd leaves focus on
 * the button that opened it, so a keyboard user had to find the question, and a second Enter
 * must never be the one that deletes or signs out.
 */
export function SafeConfirm({ cancelButtonProps, afterOpenChange, ...props }: PopconfirmProps) {
  const safe = useSafeAnswer();
  return (
    <Popconfirm
      {...props}
      cancelButtonProps={{ ...cancelButtonProps, ...safe.buttonProps }}
      afterOpenChange={(open) => {
        safe.afterOpenChange(open);
        afterOpenChange?.(open);
      }}
    />
  );
}
