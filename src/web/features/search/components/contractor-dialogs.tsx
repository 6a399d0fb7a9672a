import { formatDistance } from '@domain/search/contractor-search-text';
import type { ContractorCard as Contractor } from '@domain/search/contractors';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { ContractorReviewList } from '@web/features/reviews';
import { BadgeCheck } from 'lucide-react';
import { Link } from 'wouter';
import { placeOf } from './contractor-card';

/** "Request an installation with ...?": the step after choosing a contractor in the search. */
export function OfferDialog({
  contractor: selected,
  open,
  onOpenChange,
}: {
  contractor: Contractor;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {selected ? (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Request an installation with {selected.companyName}?</DialogTitle>
            <DialogDescription>
              {selected.companyName} ({placeOf(selected)}, {formatDistance(selected.distanceMiles)} away) will
              be your preferred contractor. We confirm the match and contact you within 24 hours.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Keep Browsing
            </Button>
            <Button asChild>
              <Link href={`/request-install?contractor=${encodeURIComponent(selected.id)}`}>
                Request Installation
              </Link>
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** A contractor's profile, opened from a search result. */
export function ProfileDialog({
  contractor: profile,
  zip: submittedZip,
  onClose,
}: {
  contractor: Contractor;
  zip: string | null;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      {profile ? (
        <DialogContent>
          <DialogHeader>
            <DialogTitle className="flex items-center gap-1.5">
              {profile.companyName}
              {profile.verificationStatus === 'verified' ? (
                <BadgeCheck aria-label="Verified" role="img" className="size-5 text-primary" />
              ) : null}
            </DialogTitle>
            <DialogDescription>
              {placeOf(profile)} · {formatDistance(profile.distanceMiles)} from {submittedZip}
            </DialogDescription>
          </DialogHeader>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-muted-foreground">Completed projects</dt>
              <dd className="font-semibold">{profile.totalProjects}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Experience</dt>
              <dd className="font-semibold">{profile.yearsExperience} years</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Availability</dt>
              <dd className="font-semibold">{profile.isAvailable ? 'Available' : 'Busy'}</dd>
            </div>
          </dl>
          <ul aria-label="Specialties" className="flex flex-wrap gap-1.5">
            {profile.specialties.map((s) => (
              <li key={s}>
                <Badge variant="outline">{s}</Badge>
              </li>
            ))}
          </ul>
          <ContractorReviewList contractorId={profile.id} companyName={profile.companyName} />
          {profile.isAvailable ? null : (
            <p className="rounded-md bg-secondary p-3 text-sm">
              {profile.companyName} is busy and not taking new jobs right now. Choose an available contractor,
              or request an installation and we'll match you.
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            <Button asChild>
              <Link href="/request-install">Request Installation</Link>
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
