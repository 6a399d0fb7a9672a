import { Alert } from '@web/components/ui/alert';
import { AlertCircle } from 'lucide-react';

/** The server's refusal of a form, above its fields (announced: the alert role). */
export function FormError({ message, id }: { message: string; id?: string }) {
  return (
    <Alert variant="destructive" id={id} className="flex items-start gap-2">
      <AlertCircle aria-hidden="true" className="mt-0.5 shrink-0" />
      <span>{message}</span>
    </Alert>
  );
}
