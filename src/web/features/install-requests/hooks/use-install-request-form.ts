import {
  type InstallRequestFormInput,
  type InstallRequestForm as InstallRequestFormValues,
  installRequestFormSchema,
} from '@domain/install-requests/form';
import {
  DEFAULT_URGENCY,
  INSTALL_REQUIRED_FIELDS,
  type InstallRequestCreated,
  installNotices,
} from '@domain/install-requests/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { parseApiError } from '@web/lib/error-message';
import { serverMessage } from '@web/lib/server-message';
import { useAuth } from '@web/lib/use-auth';
import { toast } from '@web/lib/use-toast';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useContractorSummary } from '../api/get-contractor-summary';
import { useSubmitInstallRequest } from '../api/submit-install-request';

const EMPTY = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  insuranceCompany: '',
  claimNumber: '',
  approvedAmount: '',
  projectDescription: '',
  urgency: DEFAULT_URGENCY,
  preferredStartDate: '',
};
type Values = InstallRequestFormInput;
type TextField = Exclude<keyof typeof EMPTY, 'urgency'>;

/**
 * The installation request form's state: the signed-in homeowner's details filled in, the call,
 * the server's field errors on their fields, the toasts.
 */
export function useInstallRequestForm({
  contractorId,
  onSubmitted,
}: {
  contractorId: string | undefined;
  onSubmitted: (created: InstallRequestCreated, email: string) => void;
}) {
  const id = useId();
  const { user } = useAuth();
  const [contractorError, setContractorError] = useState<string | null>(null);
  const submit = useSubmitInstallRequest();
  const summary = useContractorSummary(contractorId);
  const pending = submit.isPending;
  const form = useForm<Values, unknown, InstallRequestFormValues>({
    // the select offers only the 51 names; the schema (and the server) checks it again
    resolver: zodResolver(installRequestFormSchema),
    defaultValues: EMPTY as Values,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  const urgency = form.watch('urgency');

  // a signed-in homeowner need not type what we know
  useEffect(() => {
    if (!user) return;
    const known = {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
    };
    for (const [field, value] of Object.entries(known) as [
      'firstName' | 'lastName' | 'email' | 'phone',
      string | null,
    ][]) {
      if (value && !form.getValues(field)) form.setValue(field, value);
    }
  }, [user, form]);

  const onSubmit = form.handleSubmit(
    (values) => {
      if (pending) return;
      setContractorError(null);
      submit.mutate(
        {
          ...values,
          // a contractor that could not be found is not sent: we match the job ourselves
          preferredContractorId: summary.data ? contractorId : undefined,
        },
        {
          onSuccess: (created) => {
            toast({ title: installNotices.successTitle, description: installNotices.success });
            form.reset(EMPTY as Values);
            onSubmitted(created, values.email);
          },
          onError: (error) => {
            const parsed = parseApiError(error);
            let focused = false;
            for (const [key, messages] of Object.entries(parsed.fieldErrors ?? {})) {
              if (key === 'preferredContractorId') setContractorError(messages[0] ?? null);
              else if (key in EMPTY) {
                form.setError(key as TextField, { message: messages[0] }, { shouldFocus: !focused });
                focused = true;
              }
            }
            toast({
              title: installNotices.failureTitle,
              description: serverMessage(error) ?? installNotices.failureFallback,
              variant: 'destructive',
            });
          },
        },
      );
    },
    () => {
      const values = form.getValues();
      if (INSTALL_REQUIRED_FIELDS.some((field) => !(values[field] ?? '').trim())) {
        toast({
          title: installNotices.missingTitle,
          description: installNotices.missing,
          variant: 'destructive',
        });
      }
    },
  );

  const fid = (f: keyof typeof EMPTY) => `${id}-${f}`;
  const text = (f: TextField) => ({
    ...form.register(f),
  });

  return { form, errors, urgency, pending, contractorError, onSubmit, fid, text };
}
