import { type InstallRequestCreated, urgencies, urgencyLabels } from '@domain/install-requests/schemas';
import { US_STATE_NAMES } from '@domain/us-states';
import { ChoiceCard } from '@web/components/choice-card';
import { Field, FieldGroup } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { Textarea } from '@web/components/ui/textarea';
import { Link } from 'wouter';
import { useInstallRequestForm } from '../hooks/use-install-request-form';
import { PreferredContractor } from './preferred-contractor';

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The Installation Request Form itself (spec 1 §2, §3, §5): contact, property, insurance, project. */
export function InstallRequestForm({
  contractorId,
  onRemoveContractor,
  onSubmitted,
}: {
  contractorId: string | undefined;
  onRemoveContractor: () => void;
  onSubmitted: (created: InstallRequestCreated, email: string) => void;
}) {
  const { form, errors, urgency, pending, contractorError, onSubmit, fid, text } = useInstallRequestForm({
    contractorId,
    onSubmitted,
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
                {(control) => (
                  <div className="relative">
                    <span
                      aria-hidden="true"
                      className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground"
                    >
                      $
                    </span>
                    <Input
                      {...control}
                      {...text('approvedAmount')}
                      inputMode="decimal"
                      placeholder="18,500"
                      className="pl-7"
                    />
                  </div>
                )}
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
            <FieldGroup role="radiogroup" legend="Urgency" error={errors.urgency?.message}>
              <div className="grid gap-3 sm:grid-cols-3">
                {urgencies.map((u) => (
                  <ChoiceCard
                    key={u}
                    value={u}
                    {...form.register('urgency')}
                    title={urgencyLabels[u].label}
                    detail={urgencyLabels[u].window}
                    selected={urgency === u}
                  />
                ))}
              </div>
            </FieldGroup>
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
