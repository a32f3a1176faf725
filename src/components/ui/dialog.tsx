import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { ko } from '@/i18n/shell';
import { useReturnFocus } from './use-return-focus';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Accessible name of the dialog; also shown as its title unless `hideTitle`. */
  title: string;
  hideTitle?: boolean;
  /**
   * 'center' (default), 'side' (a sheet from the left edge) or 'sheet' (a bottom sheet on phones,
   * a panel at the right edge from 992 px, over a lighter overlay so the page stays in view).
   */
  variant?: 'center' | 'side' | 'sheet';
  children: ReactNode;
}

/** A Radix Dialog with our overlay, focus trap and a close button "닫기"; focus returns to the opener on close. */
export function Dialog({ open, onOpenChange, title, hideTitle, variant = 'center', children }: DialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={variant === 'sheet' ? 'dialog-overlay dialog-overlay--sheet' : 'dialog-overlay'} />
        <RadixDialog.Content
          className={variant === 'center' ? 'dialog-content' : `dialog-content dialog-content--${variant}`}
          aria-label={title}
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus}
        >
          <RadixDialog.Title className={hideTitle ? 'visually-hidden' : 'dialog-title'}>{title}</RadixDialog.Title>
          {children}
          <RadixDialog.Close className="dialog-close" aria-label={ko.feedback.close}>
            <span aria-hidden="true">×</span>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
