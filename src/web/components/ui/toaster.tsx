import { showCarriedToast, TOAST_DURATION, useToast } from '@web/lib/use-toast';
import { useEffect } from 'react';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';

/** Renders the notices: one at a time, 5 s each, swipe right (50 px) to dismiss, F8 to focus. */
export function Toaster() {
  const { toasts } = useToast();
  // a notice carried over a full-page navigation (e.g. 'Unauthorized' before the sign-in page)
  useEffect(() => {
    showCarriedToast();
  }, []);
  return (
    <ToastProvider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={['F8']} />
    </ToastProvider>
  );
}
