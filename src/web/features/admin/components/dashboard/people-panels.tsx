import type { AdminContractorRow, AdminSummary, AdminUserRow } from '@domain/admin/lists';
import { reviewCountText } from '@domain/reviews/rating';
import { Button } from '@web/components/ui/button';
import { Star } from 'lucide-react';
import { daysText, Figure, Figures, formatDay, Pill, VerificationPill } from './badges';
import { PagedPanel } from './paged-panel';
import { ageFilter, all, count, Row } from './panel-parts';

/** The Contractors and Users panels (spec 2 §2) at any size (issue 26 #2). */

/** What a row's button asks for: the Review dialog (awaiting a decision) or View Details (verified). */
export type ContractorAction = { contractorId: string; mode: 'review' | 'details' };

export function ContractorsPanel({
  summary,
  onOpen,
}: {
  summary: AdminSummary;
  onOpen: (action: ContractorAction) => void;
}) {
  const c = summary.contractors;
  return (
    <div className="grid gap-4">
      <Figures>
        <Figure label="Verified" value={count(c.verified)} />
        <Figure label="Pending" value={count(c.pendingVerification)} />
        <Figure label="Available" value={count(c.available)} />
        <Figure label="Total Projects" value={count(c.assignedProjects)} />
      </Figures>
      <PagedPanel
        kind="contractors"
        label="All contractors"
        noun="contractors"
        searchHint="company, contact name or e-mail"
        filters={[
          {
            name: 'status',
            label: 'Verification',
            options: [
              all('Any status'),
              { value: 'awaiting', label: 'Awaiting a decision' },
              { value: 'verified', label: 'Verified' },
              { value: 'rejected', label: 'Rejected' },
            ],
          },
          {
            name: 'available',
            label: 'Availability',
            options: [
              all('Any'),
              { value: 'true', label: 'Available' },
              { value: 'false', label: 'Not available' },
            ],
          },
          ageFilter,
        ]}
        sorts={[
          { value: 'createdAt', label: 'Newest first' },
          { value: 'age', label: 'Oldest first' },
          { value: 'companyName', label: 'Company' },
        ]}
        empty="No contractors yet."
      >
        {(k) => <ContractorRow key={k.id} contractor={k} onOpen={onOpen} />}
      </PagedPanel>
    </div>
  );
}

function ContractorRow({
  contractor: k,
  onOpen,
}: {
  contractor: AdminContractorRow;
  onOpen: (action: ContractorAction) => void;
}) {
  const awaiting = k.verificationStatus === 'pending' || k.verificationStatus === 'pending_verification';
  return (
    <Row>
      <div className="grid min-w-0 gap-0.5">
        <p className="font-semibold [overflow-wrap:anywhere]">{k.companyName}</p>
        <p className="[overflow-wrap:anywhere] text-muted-foreground">
          {k.userName || k.contactName} · {k.userEmail ?? k.contactEmail}
        </p>
        <p className="text-muted-foreground">
          {k.yearsExperience} years experience · {k.totalProjects} projects ·{' '}
          <span className="inline-flex items-center gap-0.5">
            <Star aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-400" />
            {k.reviewCount > 0 ? k.rating.toFixed(1) : 'No reviews yet'}
            {k.reviewCount > 0 ? <span className="sr-only"> out of 5</span> : null}
            {k.reviewCount > 0 ? ` (${reviewCountText(k.reviewCount)})` : null}
          </span>
        </p>
        <p className="text-muted-foreground">
          {[k.businessCity, k.businessState].filter(Boolean).join(', ') || 'No business address yet'} ·
          Applied {formatDay(k.createdAt)}
          {awaiting ? (
            <span className="font-medium text-amber-900"> · waiting {daysText(k.ageDays)}</span>
          ) : null}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-3">
        <VerificationPill status={k.verificationStatus} />
        {awaiting ? (
          <Button
            size="sm"
            onClick={() => onOpen({ contractorId: k.id, mode: 'review' })}
            aria-label={`Review ${k.companyName}`}
          >
            Review
          </Button>
        ) : k.verificationStatus === 'verified' ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => onOpen({ contractorId: k.id, mode: 'details' })}
            aria-label={`View Details of ${k.companyName}`}
          >
            View Details
          </Button>
        ) : null}
      </div>
    </Row>
  );
}

export function UsersPanel({ summary }: { summary: AdminSummary }) {
  const u = summary.users;
  return (
    <div className="grid gap-4">
      <Figures>
        <Figure label="Homeowners" value={count(u.homeowner)} />
        <Figure label="Contractors" value={count(u.contractor)} />
        <Figure label="Admins" value={count(u.admin)} />
      </Figures>
      <PagedPanel
        kind="users"
        label="All users"
        noun="users"
        searchHint="e-mail, first or last name"
        filters={[
          {
            name: 'userType',
            label: 'Type',
            options: [
              all('Any type'),
              { value: 'homeowner', label: 'Homeowners' },
              { value: 'contractor', label: 'Contractors' },
              { value: 'admin', label: 'Admins' },
            ],
          },
          {
            name: 'verified',
            label: 'Account',
            options: [
              all('Any'),
              { value: 'true', label: 'Confirmed' },
              { value: 'false', label: 'Not confirmed' },
            ],
          },
          ageFilter,
        ]}
        sorts={[
          { value: 'createdAt', label: 'Newest first' },
          { value: 'email', label: 'E-mail' },
        ]}
        empty="No users yet."
      >
        {(user) => <UserRow key={user.id} user={user} />}
      </PagedPanel>
    </div>
  );
}

function UserRow({ user: u }: { user: AdminUserRow }) {
  return (
    <Row>
      <div className="grid min-w-0 gap-0.5">
        <p className="font-semibold [overflow-wrap:anywhere]">
          {[u.firstName, u.lastName].filter(Boolean).join(' ') || 'No name given'}
        </p>
        <p className="[overflow-wrap:anywhere] text-muted-foreground">{u.email}</p>
        <p className="text-muted-foreground">Joined {formatDay(u.createdAt)}</p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <Pill tone="gray">{u.userType}</Pill>
        {u.isVerified ? <Pill tone="green">Verified</Pill> : null}
      </div>
    </Row>
  );
}
