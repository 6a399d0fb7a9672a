import { type ContractorProfile, verificationStatusText } from '@domain/contractors/profile';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';
import { CircleAlert, Hourglass } from 'lucide-react';
import { Link } from 'wouter';
import { formatDay } from './format';

/**
 * A contractor not yet verified sees where their application stands instead of an empty board,
 * with the one thing they can do next.
 */
export function ApplicationStatusCard({ profile }: { profile: ContractorProfile }) {
  const { title, description } = verificationStatusText[profile.verificationStatus];
  const rejected = profile.verificationStatus === 'rejected';
  const Icon = rejected ? CircleAlert : Hourglass;
  return (
    <Card className={cn(rejected ? 'border-destructive/40' : 'border-amber-300')}>
      <CardHeader>
        <div className="flex items-start gap-3">
          <Icon
            aria-hidden="true"
            className={cn('mt-0.5 size-6 shrink-0', rejected ? 'text-destructive' : 'text-amber-600')}
          />
          <div className="grid gap-1.5">
            <p className="text-sm font-medium text-muted-foreground">Application status</p>
            <CardTitle>{title}</CardTitle>
            <CardDescription className="text-base">{description}</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground">
          Applied on {formatDay(profile.createdAt)} as {profile.companyName}. Your projects appear here once
          you are verified and an admin assigns you a job.
        </p>
        <div className="flex flex-col gap-2 empty:hidden sm:flex-row">
          {profile.verificationStatus === 'pending' ? (
            <Button asChild>
              <Link href="/contractor-profile-setup">Complete Profile</Link>
            </Button>
          ) : null}
          {rejected ? (
            <Button asChild>
              <Link href="/contact">Contact Support</Link>
            </Button>
          ) : null}
          {!profile.paymentSetupCompleted && !rejected ? (
            <Button asChild variant={profile.verificationStatus === 'pending' ? 'outline' : 'default'}>
              <Link href="/contractor-banking-setup">Set Up Payment</Link>
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
