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
  urgencies,
  urgencyLabels,
} from '@domain/install-requests/schemas';
import { US_STATE_NAMES } from '@domain/us-states';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field, fieldAria } from '@web/components/field';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { Textarea } from '@web/components/ui/textarea';
import { parseApiError } from '@web/lib/error-message';
import { serverMessage } from '@web/lib/server-message';
import { useAuth } from '@web/lib/use-auth';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { toast } from '@web/lib/use-toast';
import { cn } from '@web/lib/utils';
import { ArrowLeft, CheckCircle2, Star } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearch } from 'wouter';
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

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** /request-install: the Installation Request Form (spec 1 §2, §3, §5, §8, §9). */
export function RequestInstallPage() {
  useDocumentTitle('Installation Request Form');
  const contractorParam = new URLSearchParams(useSearch()).get('contractor')?.trim() || undefined;
  const [contractorId, setContractorId] = useState(contractorParam);
  const [submitted, setSubmitted] = useState<{ created: InstallRequestCreated; email: string } | null>(null);

  useEffect(() => setContractorId(contractorParam), [contractorParam]);

  return (
    <>
      <PageHeader
        title="Installation Request Form"
        description="Your insurance carrier approved the work? Tell us about your property and project. We'll contact you within 24 hours and match you with a verified, licensed and insured contractor."
      >
        <Link
          href="/homeowners"
          className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Homeowners
        </Link>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:px-8">
        {submitted ? (
          <SubmittedCard
            created={submitted.created}
            email={submitted.email}
            onAnother={() => setSubmitted(null)}
          />
        ) : (
          <InstallRequestForm
            contractorId={contractorId}
            onRemoveContractor={() => setContractorId(undefined)}
            onSubmitted={(created, email) => {
              setSubmitted({ created, email });
              window.scrollTo({ top: 0 });
            }}
          />
        )}
        <aside className="grid content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">What happens next</CardTitle>
            </CardHeader>
            <CardContent>
              <ol className="grid gap-3 text-sm">
                {[
                  'Within 24 hours we contact you and match your project with a verified contractor who serves your area.',
                  'Your contractor confirms the scope, orders materials and pulls the permits, in the window you chose.',
                  'You follow every step online, and the work carries a 10-year labor warranty.',
                ].map((text, i) => (
                  <li key={text} className="flex gap-3">
                    <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground">
                      {i + 1}
                    </span>
                    <span>{text}</span>
                  </li>
                ))}
              </ol>
            </CardContent>
          </Card>
          <p className="text-sm text-muted-foreground">
            Questions first?{' '}
            <Link href="/contact" className="font-semibold text-primary hover:underline">
              Contact us
            </Link>{' '}
            or{' '}
            <Link href="/contractors" className="font-semibold text-primary hover:underline">
              find a contractor near you
            </Link>
            .
          </p>
        </aside>
      </div>
    </>
  );
}

function SubmittedCard({
  created,
  email,
  onAnother,
}: {
  created: InstallRequestCreated;
  email: string;
  onAnother: () => void;
}) {
  const { isAuthenticated } = useAuth();
  return (
    <Card>
      <CardHeader>
        <CheckCircle2 aria-hidden="true" className="size-8 text-primary" />
        <CardTitle>{installNotices.successTitle}</CardTitle>
        <CardDescription>
          We'll contact you within 24 hours. Your reference is{' '}
          <span className="font-mono font-semibold text-foreground">{created.reference}</span>; we sent a
          confirmation to <span className="font-medium text-foreground">{email}</span>.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isAuthenticated ? (
          <p className="text-sm">Your new project is listed in your dashboard as 'Finding Contractors'.</p>
        ) : (
          <p className="text-sm">
            Follow your project online: create your free account with <strong>{email}</strong>. Your request
            is already linked to that address.
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          {isAuthenticated ? (
            <Button asChild>
              <Link href="/customer-dashboard">Go to my dashboard</Link>
            </Button>
          ) : (
            <Button asChild>
              <Link href="/register">Create your account</Link>
            </Button>
          )}
          <Button variant="outline" onClick={onAnother}>
            Submit another request
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function PreferredContractor({ id, onRemove }: { id: string; onRemove: () => void }) {
  const summary = useContractorSummary(id);
  return (
    <section aria-label="Preferred contractor" className="rounded-lg border bg-secondary/50 p-4">
      <p className="text-sm font-semibold">Preferred contractor</p>
      {summary.isLoading ? (
        <p className="mt-1 text-sm text-muted-foreground">Loading contractor...</p>
      ) : summary.data ? (
        <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="font-medium">{summary.data.companyName}</p>
            <p className="flex items-center gap-1 text-sm text-muted-foreground">
              {[summary.data.city, summary.data.state].filter(Boolean).join(', ')}
              <Star aria-hidden="true" className="ml-2 size-3.5 fill-amber-400 text-amber-400" />
              {summary.data.rating.toFixed(1)}
            </p>
            <p className="mt-1 text-xs text-muted-foreground">
              We ask this contractor first; if they can't take the job, we match you with another verified
              contractor.
            </p>
          </div>
          <Button variant="ghost" size="sm" onClick={onRemove}>
            Remove
          </Button>
        </div>
      ) : (
        <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">
            This contractor is not available; we'll match you with a verified contractor who serves your area.
          </p>
          <Button variant="ghost" size="sm" onClick={onRemove}>
            Dismiss
          </Button>
        </div>
      )}
    </section>
  );
}

function InstallRequestForm({
  contractorId,
  onRemoveContractor,
  onSubmitted,
}: {
  contractorId: string | undefined;
  onRemoveContractor: () => void;
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
    ...fieldAria(fid(f), errors[f]?.message),
    ...form.register(f),
  });

  return (
    <Card>
      <CardContent className="pt-6">
        <form onSubmit={onSubmit} noValidate className="grid gap-8" aria-label="Installation request">
          {contractorId ? <PreferredContractor id={contractorId} onRemove={onRemoveContractor} /> : null}
          {contractorError ? <p className="text-sm font-medium text-destructive">{contractorError}</p> : null}

          <fieldset className="grid gap-4">
            <legend className="mb-4 text-lg font-semibold">Your contact information</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id={fid('firstName')} label="First Name" required error={errors.firstName?.message}>
                <Input {...text('firstName')} autoComplete="given-name" />
              </Field>
              <Field id={fid('lastName')} label="Last Name" required error={errors.lastName?.message}>
                <Input {...text('lastName')} autoComplete="family-name" />
              </Field>
              <Field id={fid('email')} label="Email" required error={errors.email?.message}>
                <Input {...text('email')} type="email" inputMode="email" autoComplete="email" />
              </Field>
              <Field id={fid('phone')} label="Phone" required error={errors.phone?.message}>
                <Input {...text('phone')} type="tel" inputMode="tel" autoComplete="tel" />
              </Field>
            </div>
          </fieldset>

          <fieldset className="grid gap-4">
            <legend className="mb-4 text-lg font-semibold">Property</legend>
            <Field id={fid('address')} label="Street Address" required error={errors.address?.message}>
              <Input {...text('address')} autoComplete="street-address" />
            </Field>
            <div className="grid gap-4 sm:grid-cols-[2fr_2fr_1fr]">
              <Field id={fid('city')} label="City" required error={errors.city?.message}>
                <Input {...text('city')} autoComplete="address-level2" />
              </Field>
              <Field id={fid('state')} label="State" required error={errors.state?.message}>
                <NativeSelect {...text('state')} autoComplete="address-level1">
                  <option value="">Select a state</option>
                  {US_STATE_NAMES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field id={fid('zipCode')} label="ZIP Code" required error={errors.zipCode?.message}>
                <Input {...text('zipCode')} inputMode="numeric" autoComplete="postal-code" maxLength={10} />
              </Field>
            </div>
          </fieldset>

          <fieldset className="grid gap-4">
            <legend className="mb-1 text-lg font-semibold">Insurance</legend>
            <p className="-mt-1 text-sm text-muted-foreground">
              If your insurance carrier approved the work, these help your contractor start faster.
            </p>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field
                id={fid('insuranceCompany')}
                label="Insurance Company"
                error={errors.insuranceCompany?.message}
              >
                <Input {...text('insuranceCompany')} />
              </Field>
              <Field id={fid('claimNumber')} label="Claim Number" error={errors.claimNumber?.message}>
                <Input {...text('claimNumber')} />
              </Field>
              <Field
                id={fid('approvedAmount')}
                label="Approved Amount"
                error={errors.approvedAmount?.message}
              >
                <div className="relative">
                  <span
                    aria-hidden="true"
                    className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground"
                  >
                    $
                  </span>
                  <Input
                    {...text('approvedAmount')}
                    inputMode="decimal"
                    placeholder="18,500"
                    className="pl-7"
                  />
                </div>
              </Field>
            </div>
          </fieldset>

          <fieldset className="grid gap-4">
            <legend className="mb-4 text-lg font-semibold">Project</legend>
            <Field
              id={fid('projectDescription')}
              label="Project Description"
              error={errors.projectDescription?.message}
            >
              <Textarea
                {...text('projectDescription')}
                rows={4}
                placeholder="What needs doing? For example: full replacement after hail, two skylights, detached garage."
              />
            </Field>
            <div className="grid gap-2">
              <p id={`${id}-urgency-label`} className="text-sm font-medium">
                Urgency
              </p>
              <div
                role="radiogroup"
                aria-labelledby={`${id}-urgency-label`}
                className="grid gap-3 sm:grid-cols-3"
              >
                {urgencies.map((u) => (
                  <label
                    key={u}
                    className={cn(
                      'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                      urgency === u ? 'border-primary bg-primary/5' : 'hover:bg-secondary',
                    )}
                  >
                    <input
                      type="radio"
                      value={u}
                      {...form.register('urgency')}
                      className="mt-0.5 size-4 accent-primary"
                    />
                    <span>
                      <span className="block font-semibold">{urgencyLabels[u].label}</span>
                      <span className="text-muted-foreground">{urgencyLabels[u].window}</span>
                    </span>
                  </label>
                ))}
              </div>
            </div>
            <Field
              id={fid('preferredStartDate')}
              label="Preferred Start Date"
              error={errors.preferredStartDate?.message}
              className="sm:max-w-xs"
            >
              <Input {...text('preferredStartDate')} type="date" min={today()} />
            </Field>
          </fieldset>

          <div className="grid gap-3">
            <p className="text-xs text-muted-foreground">
              Fields marked with <span className="text-destructive">*</span> are required. We use these
              details only to arrange your installation; see our{' '}
              <Link href="/privacy" className="underline">
                Privacy Policy
              </Link>
              .
            </p>
            <Button
              type="submit"
              size="lg"
              disabled={pending}
              className="w-full sm:w-auto sm:justify-self-start"
            >
              {pending ? 'Submitting...' : 'Submit Install Request'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
