import { bankChangeMessages } from '@domain/contractors/bank-changes';
import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { verificationStatusText } from '@domain/contractors/profile';
import {
  CredentialWarnings,
  DocumentsView,
  Fact,
  Facts,
  InsuranceView,
  LicensesView,
} from '@web/components/contractor-credentials/contractor-credentials';
import { CredentialBadges } from '@web/components/contractor-credentials/credential-badges';
import { formatMoment } from '@web/components/contractor-credentials/format';
import { PaymentView } from '@web/components/contractor-credentials/payment-view';
import { CenteredMessage, DashboardShell } from '@web/components/dashboard-shell';
import { PageGuard } from '@web/components/page-guard';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { errorStatus } from '@web/lib/error-message';
import { useAuth } from '@web/lib/use-auth';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { cn } from '@web/lib/utils';
import { ArrowLeft, Pencil } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'wouter';
import { useContractorProfileDetail } from '../api/get-contractor-profile';
import { WithContractorProfile } from '../components/profile-required';
import { profileComplete, savedProfileSteps } from '../lib/wizard-steps';

/** /contractor/profile: the signed-in contractor's profile, with links into the wizards to change it. */
export function ContractorProfilePage() {
  useDocumentTitle('Contractor Profile');
  const { user } = useAuth();
  const profile = useContractorProfileDetail(user?.id);
  const loading = (
    <CenteredMessage>
      <Spinner label="Loading your profile..." />
    </CenteredMessage>
  );
  return (
    <PageGuard signedOut={{ delayMs: 0 }} sessionEnded={errorStatus(profile.error) === 401} loading={loading}>
      {() => (
        <WithContractorProfile profile={profile} loading={loading}>
          {(loaded) => <ProfileView profile={loaded} />}
        </WithContractorProfile>
      )}
    </PageGuard>
  );
}

function EditLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link href={href}>
        <Pencil aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}

function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <CardTitle className="text-lg">{title}</CardTitle>
        {action}
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">{children}</CardContent>
    </Card>
  );
}

function ProfileView({ profile }: { profile: ContractorProfileDetail }) {
  const status = verificationStatusText[profile.verificationStatus];
  const saved = savedProfileSteps(profile.profileCompletionStatus);
  const complete = profileComplete(profile.profileCompletionStatus);
  const rejected = profile.verificationStatus === 'rejected';

  return (
    <DashboardShell
      title={profile.companyName}
      subtitle="Your contractor profile"
      actions={
        <Button asChild variant="ghost">
          <Link href="/contractor-dashboard">
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
      }
      className="max-w-5xl grid-cols-1"
    >
      <Card
        className={cn(
          rejected
            ? 'border-destructive/40'
            : profile.verificationStatus === 'verified'
              ? 'border-emerald-300'
              : 'border-amber-300',
        )}
      >
        <CardHeader>
          <p className="text-sm font-medium text-muted-foreground">Verification status</p>
          <CardTitle>{status.title}</CardTitle>
          <CardDescription className="text-base">{status.description}</CardDescription>
          {profile.verificationNotes ? (
            <p className="mt-2 rounded-md bg-secondary px-3 py-2 text-sm">
              <span className="font-medium">Note from our team:</span> {profile.verificationNotes}
            </p>
          ) : null}
        </CardHeader>
        <CardContent className="grid gap-4">
          <CredentialBadges licensedUntil={profile.licensedUntil} insuredUntil={profile.insuredUntil} />
          {!profile.availableForMatches && profile.insurance ? (
            <p className="text-sm text-destructive">
              Your general liability insurance has expired: you get no new matches until you add the renewed
              policy.
            </p>
          ) : null}
          <ul className="grid gap-2 text-sm sm:grid-cols-2">
            <li className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
              <span>Profile setup: {complete ? 'complete' : `${saved} of 3 steps`}</span>
              {complete ? (
                <Badge variant="success">Complete</Badge>
              ) : (
                <Button asChild size="sm">
                  <Link href="/contractor-profile-setup">Continue Profile Setup</Link>
                </Button>
              )}
            </li>
            <li className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
              <span>Payment setup: {profile.paymentSetupCompleted ? 'complete' : 'not complete'}</span>
              {profile.paymentSetupCompleted ? (
                <Badge variant="success">Complete</Badge>
              ) : (
                <Button asChild size="sm">
                  <Link href="/contractor-banking-setup">Set Up Payment</Link>
                </Button>
              )}
            </li>
            {profile.payoutsOnHold ? (
              <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950 sm:col-span-2">
                <span>
                  {profile.pendingBankChange
                    ? `${bankChangeMessages.pendingReview}: your payouts are on hold until our team approves or rejects it. The account on file stays in force meanwhile.`
                    : 'Your payouts are on hold.'}
                </span>
                <Badge variant="destructive">{bankChangeMessages.payoutsOnHold}</Badge>
              </li>
            ) : null}
          </ul>
        </CardContent>
      </Card>

      <CredentialWarnings warnings={profile.warnings} />

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Company">
          <Facts>
            <Fact label="Company">{profile.companyName}</Fact>
            <Fact label="Business address">{profile.businessAddress}</Fact>
            <Fact label="Website">{profile.website ?? 'Not provided'}</Fact>
            <Fact label="Years of experience">{profile.yearsExperience}</Fact>
            <Fact label="Applied">{formatMoment(profile.createdAt)}</Fact>
          </Facts>
        </Section>
        <Section title="Contact">
          <Facts>
            <Fact label="Contact name">{profile.contactName}</Fact>
            <Fact label="Email">{profile.contactEmail}</Fact>
            <Fact label="Phone">{profile.contactPhone}</Fact>
            <Fact label="Account">{profile.user.email}</Fact>
          </Facts>
        </Section>
        <Section title="Service Area">
          <Facts>
            <Fact label="Working states">{profile.workingStates.join(', ')}</Fact>
            <Fact label="Travel distance">
              {profile.workingStates.length === 1 ? `${profile.travelDistance} miles` : 'Whole states'}
            </Fact>
          </Facts>
        </Section>
        <Section title="Specialties">
          {profile.specialties.length > 0 ? (
            <ul aria-label="Specialties" className="flex flex-wrap gap-1.5">
              {profile.specialties.map((s) => (
                <li key={s}>
                  <Badge variant="outline">{s}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No specialties listed yet.</p>
          )}
        </Section>
      </div>
      <p className="text-sm text-muted-foreground">
        To change your company, contact or service-area details,{' '}
        <Link href="/contact" className="font-medium text-primary hover:underline">
          contact support
        </Link>
        .
      </p>

      <Section
        title="Licenses"
        action={
          saved >= 1 ? <EditLink href="/contractor-profile-setup?step=2">Edit Licenses</EditLink> : null
        }
      >
        <LicensesView
          workingStates={profile.workingStates}
          licenses={profile.licenses}
          documents={profile.documents}
        />
      </Section>
      <Section
        title="Insurance"
        action={
          saved >= 2 ? <EditLink href="/contractor-profile-setup?step=3">Edit Insurance</EditLink> : null
        }
      >
        <InsuranceView insurance={profile.insurance} documents={profile.documents} />
      </Section>
      <Section
        title="Payment"
        action={
          profile.paymentSetupCompleted ? (
            <EditLink href="/contractor-banking-setup?change=bank">Change Bank Details</EditLink>
          ) : (
            <EditLink href="/contractor-banking-setup">Set Up Payment</EditLink>
          )
        }
      >
        <PaymentView profile={profile} />
      </Section>
      <Section title="Documents">
        <DocumentsView documents={profile.documents} />
      </Section>
      <Section
        title="Password"
        action={<EditLink href="/contractor-profile-setup?step=1">Change Password</EditLink>}
      >
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          You sign in with {profile.user.email}.
        </p>
      </Section>
    </DashboardShell>
  );
}
