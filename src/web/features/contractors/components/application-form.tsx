import { type ContractorApplication, contractorApplicationSchema } from '@domain/contractors/onboarding';
import {
  DEFAULT_TRAVEL_DISTANCE,
  MAX_TRAVEL_DISTANCE,
  onboardingMessages,
} from '@domain/contractors/onboarding-fields';
import { Field } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { hardNavigate, isAppPath, loginUrl } from '@web/lib/navigation';
import { schemaResolver } from '@web/lib/schema-resolver';
import { useAuth } from '@web/lib/use-auth';
import { toast } from '@web/lib/use-toast';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { useSubmitApplication } from '../api/submit-application';
import { failureWithMessage, serverFieldErrors } from '../lib/notices';
import { clearSavedApplication, readSavedApplication, saveApplication } from '../lib/saved-application';
import { StatePicker } from './state-picker';

/** What the inputs hold (text, and the ticked states). */
export interface ApplicationFormValues {
  companyName: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  workingStates: string[];
  travelDistance: string;
  businessAddress: string;
  website: string;
}

const EMPTY: ApplicationFormValues = {
  companyName: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  workingStates: [],
  travelDistance: String(DEFAULT_TRAVEL_DISTANCE),
  businessAddress: '',
  website: '',
};

const TEXT_FIELDS = [
  'companyName',
  'contactName',
  'contactEmail',
  'contactPhone',
  'travelDistance',
  'businessAddress',
  'website',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

/** Long enough to read 'Login Required' before the sign-in page opens. */
export const LOGIN_REDIRECT_DELAY_MS = 1500;

const APPLICATION_PATH = '/contractor-application';
const NEXT_STEP = '/contractor-profile-setup';

function toFormValues(app: ContractorApplication): ApplicationFormValues {
  return {
    companyName: app.companyName,
    contactName: app.contactName,
    contactEmail: app.contactEmail,
    contactPhone: app.contactPhone,
    workingStates: app.workingStates,
    travelDistance: String(app.travelDistance ?? DEFAULT_TRAVEL_DISTANCE),
    businessAddress: app.businessAddress,
    website: app.website ?? '',
  };
}

/**
 * The contractor application (spec 2 §2, §5): the one schema the server checks too. Signed out,
 * a valid form is kept on this device and the visitor signs in (or creates an account) and comes
 * back here, where it is restored.
 */
export function ApplicationForm() {
  const id = useId();
  const [, navigate] = useLocation();
  const { user, isLoading } = useAuth();
  const submit = useSubmitApplication();
  const [leaving, setLeaving] = useState(false);
  const restoredFor = useRef<string | null>(null);
  const form = useForm<ApplicationFormValues, unknown, ContractorApplication>({
    resolver: schemaResolver(contractorApplicationSchema),
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  const states = form.watch('workingStates');
  const oneState = states.length === 1;

  // Back from signing in: the saved application is put back (once per account and visit).
  useEffect(() => {
    if (isLoading || !user || restoredFor.current === user.id) return;
    restoredFor.current = user.id;
    const saved = readSavedApplication();
    if (saved.kind === 'restored') {
      form.reset(toFormValues(saved.values));
      toast({
        title: onboardingMessages.formRestored,
        description: onboardingMessages.formRestoredDescription,
      });
    } else if (saved.kind === 'discarded') {
      console.warn(
        `A saved contractor application could not be restored and was discarded (${saved.reason}).`,
      );
    }
  }, [isLoading, user, form]);

  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => hardNavigate(loginUrl(APPLICATION_PATH)), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [leaving]);

  const onSubmit = form.handleSubmit((values) => {
    if (submit.isPending || leaving) return;
    const body: ContractorApplication = {
      ...values,
      // the distance applies only to a single state (spec 2 §2); the server uses the default otherwise
      travelDistance:
        values.workingStates.length === 1 ? (values.travelDistance ?? DEFAULT_TRAVEL_DISTANCE) : undefined,
    };
    if (!user) {
      saveApplication(body);
      toast({
        title: onboardingMessages.loginRequired,
        description: onboardingMessages.loginRequiredDescription,
      });
      setLeaving(true);
      return;
    }
    submit.mutate(body, {
      onSuccess: (answer) => {
        clearSavedApplication();
        toast({
          title: onboardingMessages.applicationSubmitted,
          description: onboardingMessages.applicationSubmittedDescription,
        });
        const target = answer.redirectTo && isAppPath(answer.redirectTo) ? answer.redirectTo : NEXT_STEP;
        navigate(target);
      },
      onError: (error) => {
        let focused = false;
        for (const [key, message] of Object.entries(serverFieldErrors(error))) {
          const field = key.split('.')[0] ?? key;
          if (field === 'workingStates' || (TEXT_FIELDS as readonly string[]).includes(field)) {
            form.setError(field as TextField | 'workingStates', { message }, { shouldFocus: !focused });
            focused = true;
          }
        }
        failureWithMessage(onboardingMessages.applicationFailed, error);
      },
    });
  });

  const fid = (f: keyof ApplicationFormValues) => `${id}-${f}`;
  const text = (f: TextField) => ({
    ...form.register(f),
  });
  const pending = submit.isPending || leaving;

  return (
    <Card>
      <CardContent className="pt-6">
        <form onSubmit={onSubmit} noValidate className="grid gap-8" aria-label="Contractor application">
          <fieldset className="grid min-w-0 gap-4">
            <legend className="mb-4 text-lg font-semibold">Your company</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                id={fid('companyName')}
                label="Company Name"
                required
                error={errors.companyName?.message}
              >
                <Input {...text('companyName')} autoComplete="organization" required />
              </Field>
              <Field
                id={fid('website')}
                label="Website"
                error={errors.website?.message}
                description="Optional, e.g. summitroofing.com"
              >
                <Input {...text('website')} type="url" inputMode="url" autoComplete="url" />
              </Field>
            </div>
            <Field
              id={fid('businessAddress')}
              label="Business Address"
              required
              error={errors.businessAddress?.message}
              description="Street, city, state and ZIP, e.g. 1201 Elm St, Dallas, TX 75270"
            >
              <Input {...text('businessAddress')} autoComplete="street-address" required />
            </Field>
          </fieldset>

          <fieldset className="grid min-w-0 gap-4">
            <legend className="mb-4 text-lg font-semibold">Contact person</legend>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field
                id={fid('contactName')}
                label="Contact Name"
                required
                error={errors.contactName?.message}
              >
                <Input {...text('contactName')} autoComplete="name" required />
              </Field>
              <Field
                id={fid('contactEmail')}
                label="Contact Email"
                required
                error={errors.contactEmail?.message}
              >
                <Input
                  {...text('contactEmail')}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  required
                />
              </Field>
              <Field
                id={fid('contactPhone')}
                label="Contact Phone"
                required
                error={errors.contactPhone?.message}
              >
                <Input {...text('contactPhone')} type="tel" inputMode="tel" autoComplete="tel" required />
              </Field>
            </div>
          </fieldset>

          <fieldset className="grid min-w-0 gap-4">
            <legend className="mb-4 text-lg font-semibold">Service area</legend>
            <Controller
              control={form.control}
              name="workingStates"
              render={({ field, fieldState }) => (
                <StatePicker
                  id={fid('workingStates')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  focusRef={field.ref}
                  error={fieldState.error?.message}
                />
              )}
            />
            {oneState ? (
              <Field
                id={fid('travelDistance')}
                label="Travel Distance (miles)"
                error={errors.travelDistance?.message}
                description={`How far from your business address you travel for a job in ${states[0]}.`}
                className="sm:max-w-xs"
              >
                <Input
                  {...text('travelDistance')}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_TRAVEL_DISTANCE}
                  step={1}
                />
              </Field>
            ) : null}
          </fieldset>

          <div className="grid gap-3">
            <p className="text-xs text-muted-foreground">
              Fields marked with <span className="text-destructive">*</span> are required.
              {user
                ? null
                : ' You will sign in or create an account when you submit; your answers are kept on this device until then.'}
            </p>
            <Button
              type="submit"
              size="lg"
              disabled={pending}
              className="w-full sm:w-auto sm:justify-self-start"
            >
              {submit.isPending
                ? 'Submitting...'
                : leaving
                  ? 'Taking you to sign in...'
                  : 'Submit Application'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
