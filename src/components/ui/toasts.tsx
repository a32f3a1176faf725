import { Toaster } from 'sonner';
import { ko } from '@/i18n/ko';

/**
 * The toast region (issue #14): sonner's labelled section ("알림", a landmark with a polite live
 * region; errors are announced assertively), at the bottom centre so it never covers the page's
 * heading or the chat header, with a Korean close button on every toast. Toasts tell outcomes;
 * form validation stays under the fields.
 */
export function Toasts() {
  return (
    <Toaster
      position="bottom-center"
      containerAriaLabel={ko.feedback.notifications}
      closeButton
      richColors
      offset={{ bottom: 24 }}
      mobileOffset={{ bottom: 16 }}
      toastOptions={{ closeButtonAriaLabel: ko.feedback.close, className: 'app-toast' }}
    />
  );
}
