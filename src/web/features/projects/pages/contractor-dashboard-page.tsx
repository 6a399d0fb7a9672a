import { dashboardGreeting } from '@domain/auth/greeting';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmEmailNotice } from '@web/components/confirm-email-notice';
import { CenteredMessage, DashboardShell } from '@web/components/dashboard-shell';
import { loggedOutNotice, PageGuard } from '@web/components/page-guard';
import { Button } from '@web/components/ui/button';
import { contractorKeys } from '@web/features/contractors';
import { errorMessage, errorStatus } from '@web/lib/error-message';
import { invalidateLive } from '@web/lib/invalidate-live';
import { useAuth } from '@web/lib/use-auth';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useRealtimeEvent } from '@web/lib/use-realtime';
import { useState } from 'react';
import { prefetchDashboardOnce } from '../api/dashboard-prefetch';
import { contractorProfileQuery, fetchContractorProfile } from '../api/get-contractor-profile';
import { fetchContractorProjects } from '../api/get-projects';
import { ApplicationStatusCard } from '../components/contractor-dashboard/application-status-card';
import { ContractorBoard } from '../components/contractor-dashboard/contractor-board';
import {
  EditProfileButton,
  Loading,
  ProfileRequired,
} from '../components/contractor-dashboard/dashboard-states';

const startPrefetch = () =>
  prefetchDashboardOnce({ profile: fetchContractorProfile, projects: fetchContractorProjects });

/** Logged-out visitors are sent to sign in after this long (spec 2 §9). */
export const CONTRACTOR_LOGIN_REDIRECT_MS = 500;

/** The contractor dashboard (spec 2 §2): who may see it, then the board. */
export function ContractorDashboardPage() {
  // the profile and the projects asked for now, not one after another once the session answered
  useState(startPrefetch);
  useDocumentTitle('Contractor Dashboard');
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const profile = useQuery({ ...contractorProfileQuery(user?.id ?? ''), enabled: Boolean(user) });
  // an admin's decision on the application shows without a reload
  useRealtimeEvent(
    () => void invalidateLive(queryClient, { queryKey: contractorKeys.profile(user?.id ?? '') }),
    ['contractor_verified'],
  );

  return (
    <PageGuard
      signedOut={loggedOutNotice(CONTRACTOR_LOGIN_REDIRECT_MS)}
      // a session that ends while the page is open answers 401 here: the same notice as signed out
      sessionEnded={errorStatus(profile.error) === 401}
      loading={<Loading />}
    >
      {(user) => {
        if (profile.isPending) return <Loading />;
        if (profile.isError) {
          return (
            <CenteredMessage title="We couldn't load your dashboard">
              <p className="text-muted-foreground">{errorMessage(profile.error)}</p>
              <Button onClick={() => void profile.refetch()} disabled={profile.isFetching}>
                {profile.isFetching ? 'Trying again...' : 'Try again'}
              </Button>
            </CenteredMessage>
          );
        }
        if (!profile.data) return <ProfileRequired />;

        const header = {
          title: dashboardGreeting(user.firstName?.trim() || profile.data.companyName, user),
          subtitle: (
            <>
              <span className="font-semibold text-foreground">{profile.data.companyName}</span>
              <span aria-hidden="true"> · </span>
              <span className="sr-only">: </span>
              Contractor Dashboard
            </>
          ),
        };
        if (profile.data.verificationStatus !== 'verified') {
          return (
            <DashboardShell {...header} actions={<EditProfileButton />}>
              <ConfirmEmailNotice user={user} />
              <ApplicationStatusCard profile={profile.data} />
            </DashboardShell>
          );
        }
        return <ContractorBoard user={user} profile={profile.data} header={header} />;
      }}
    </PageGuard>
  );
}
