import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { onboardingMessages } from '@domain/contractors/onboarding-fields';
import { contractorProfileMessages } from '@domain/contractors/profile';
import type { UseQueryResult } from '@tanstack/react-query';
import { CenteredMessage } from '@web/components/dashboard-shell';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/error-message';
import { toast } from '@web/lib/use-toast';
import type * as React from 'react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';

/**
 * A signed-in account with no contractor profile: 'Profile Setup Required', then the
 * application (spec 2 §8), where the profile begins.
 */
export function ProfileRequiredRedirect() {
  const [, navigate] = useLocation();
  useEffect(() => {
    toast({ title: onboardingMessages.profileSetupRequired, description: onboardingMessages.noProfile });
    navigate('/contractor-application', { replace: true });
  }, [navigate]);
  return (
    <CenteredMessage title={onboardingMessages.profileSetupRequired}>
      <p className="text-muted-foreground">
        {contractorProfileMessages.notFound} {onboardingMessages.noProfile}
      </p>
      <Button asChild>
        <Link href="/contractor-application">Apply Now</Link>
      </Button>
    </CenteredMessage>
  );
}

/** The profile could not be loaded (not a missing one): the reason and Try again. */
export function ProfileLoadFailed({
  error,
  retrying,
  onRetry,
}: {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <CenteredMessage title="We couldn't load your profile">
      <p className="text-muted-foreground">{errorMessage(error)}</p>
      <Button onClick={onRetry} disabled={retrying}>
        {retrying ? 'Trying again...' : 'Try again'}
      </Button>
    </CenteredMessage>
  );
}

/**
 * The signed-in contractor's profile once loaded: `loading` until then, the failure with Try
 * again, or 'Profile Setup Required' and the application when the account has none.
 */
export function WithContractorProfile({
  profile,
  loading,
  children,
}: {
  profile: UseQueryResult<ContractorProfileDetail | null>;
  loading: React.ReactNode;
  children: (profile: ContractorProfileDetail) => React.ReactNode;
}) {
  if (profile.isPending) return <>{loading}</>;
  if (profile.isError) {
    return (
      <ProfileLoadFailed
        error={profile.error}
        retrying={profile.isFetching}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  if (!profile.data) return <ProfileRequiredRedirect />;
  return <>{children(profile.data)}</>;
}
