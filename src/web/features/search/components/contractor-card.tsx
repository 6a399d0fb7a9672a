import { ratingText, reviewCountText } from '@domain/reviews/rating';
import { formatDistance } from '@domain/search/contractor-search-text';
import type { ContractorCard as Contractor } from '@domain/search/contractors';
import { CredentialBadges } from '@web/components/contractor-credentials/credential-badges';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';
import { BadgeCheck, Briefcase, Check, Clock, MapPin, Navigation, Star } from 'lucide-react';

export function placeOf(c: Contractor): string {
  return [c.user.city, c.user.state].filter(Boolean).join(', ');
}

interface ContractorCardProps {
  contractor: Contractor;
  selected: boolean;
  onSelect: () => void;
  onViewProfile: () => void;
}

/** One search result (spec 1 §2 'Contractor card'), with the real distance to the searched ZIP. */
export function ContractorCard({ contractor: c, selected, onSelect, onViewProfile }: ContractorCardProps) {
  const verified = c.verificationStatus === 'verified';
  return (
    <Card
      className={cn('flex h-full flex-col gap-4 p-5 transition-shadow', selected && 'ring-2 ring-primary')}
      aria-label={c.companyName}
      role="article"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-lg leading-tight font-semibold [overflow-wrap:anywhere]">
            {c.companyName}
            {verified ? (
              <BadgeCheck
                aria-label="Verified"
                role="img"
                className="ml-1.5 inline-block size-5 shrink-0 align-[-0.2em] text-primary"
              />
            ) : null}
          </h3>
          <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
            <MapPin aria-hidden="true" className="size-3.5" />
            {placeOf(c) || 'Location not listed'}
          </p>
        </div>
        {c.isAvailable ? <Badge variant="success">Available</Badge> : <Badge variant="warning">Busy</Badge>}
      </div>

      <CredentialBadges licensedUntil={c.licensedUntil} insuredUntil={c.insuredUntil} />

      <dl className="grid grid-cols-3 gap-2 text-center text-sm">
        <div className="rounded-md bg-secondary px-2 py-2" data-testid="card-rating">
          <dt className="sr-only">Rating</dt>
          <dd className="flex items-center justify-center gap-1 font-semibold">
            <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
            {ratingText(c) ?? 'New'}
          </dd>
          {/* the rating is computed from reviews (docs/contractors.md): shown with their count */}
          <dd className="text-xs">
            {/* every card opens the public profile, with its reviews, from its review count */}
            <button
              type="button"
              onClick={onViewProfile}
              className="text-muted-foreground underline-offset-2 hover:underline focus-visible:underline"
              aria-label={`${reviewCountText(c.reviewCount)}: view the profile and reviews of ${c.companyName}`}
            >
              {reviewCountText(c.reviewCount)}
            </button>
          </dd>
        </div>
        <div className="rounded-md bg-secondary px-2 py-2">
          <dt className="sr-only">Projects</dt>
          <dd className="flex items-center justify-center gap-1 font-semibold">
            <Briefcase aria-hidden="true" className="size-4 text-muted-foreground" />
            {c.totalProjects}
          </dd>
          <dd aria-hidden="true" className="text-xs text-muted-foreground">
            projects
          </dd>
        </div>
        <div className="rounded-md bg-secondary px-2 py-2">
          <dt className="sr-only">Years of experience</dt>
          <dd className="flex items-center justify-center gap-1 font-semibold">
            <Clock aria-hidden="true" className="size-4 text-muted-foreground" />
            {c.yearsExperience}
          </dd>
          <dd aria-hidden="true" className="text-xs text-muted-foreground">
            years
          </dd>
        </div>
      </dl>

      {c.specialties.length > 0 ? (
        <ul aria-label="Specialties" className="flex flex-wrap gap-1.5">
          {c.specialties.map((s) => (
            <li key={s}>
              <Badge variant="outline">{s}</Badge>
            </li>
          ))}
        </ul>
      ) : null}

      <p className="flex items-center gap-1 text-sm text-muted-foreground">
        <Navigation aria-hidden="true" className="size-3.5" />
        <span data-testid="distance">{formatDistance(c.distanceMiles)}</span>
        <span className="sr-only">away</span>
      </p>

      <div className="mt-auto">
        {c.isAvailable ? (
          <Button
            className="w-full"
            variant={selected ? 'secondary' : 'default'}
            aria-pressed={selected}
            onClick={onSelect}
          >
            {selected ? (
              <>
                <Check aria-hidden="true" />
                Selected
              </>
            ) : (
              'Select Contractor'
            )}
          </Button>
        ) : (
          <Button className="w-full" variant="outline" onClick={onViewProfile}>
            View Profile
          </Button>
        )}
      </div>
    </Card>
  );
}
