import { Popconfirm, type PopconfirmProps } from 'antd';
import { useId } from 'react';

/**
 * Focus on a dialog's safe answer once it is shown: the props for that button, and the handler for
 * the popup's `afterOpenChange`. A button focused while its popup is still hidden keeps no focus,
 * so `autoFocus` does not do it.
 */
export function useSafeAnswer(): { buttonProps: { id: string }; afterOpenChange: (open: boolean) => void } {
  const id = useId();
  const afterOpenChange = (open: boolean) => {
    const safe = document.getElementById(id);
    if (!open || !safe) return;
    // A field of this dialog that took the focus itself (something to type before anything can be
    // confirmed) keeps it: the person is typing there, and an Enter in it confirms nothing.
    const active = document.activeElement;
    const typing = (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) && safe.closest('[role="dialog"], .ant-popover')?.contains(active);
    if (!typing) safe.focus();
  };
  return { buttonProps: { id }, afterOpenChange };
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
