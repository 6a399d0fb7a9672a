import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/error-message';
import { Download, Eye, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useClaims, useWarranty, useWarrantyLiveUpdates } from '../api/warranties';
import { ClaimCard } from './claim-card';
import { longDate } from './format';
import { OpenClaimDialog } from './open-claim-dialog';

function Period({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="rounded-lg bg-muted p-3">
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
      <p className="text-lg font-semibold">{value}</p>
      <p className="text-sm text-muted-foreground">{detail}</p>
    </div>
  );
}

/**
 * The project page's warranty (issue 25 #6, #7): the periods, the manufacturer's material
 * warranty, the certificate, and the claims with their threads; the homeowner opens a claim, the
 * contractor and admins schedule and resolve. Shown on a completed project; before the final
 * payment it says when the warranty comes.
 */
export function WarrantyPanel({
  project,
  viewer,
}: {
  project: { id: string; status: string };
  viewer: 'homeowner' | 'contractor' | 'admin';
}) {
  useWarrantyLiveUpdates();
  const completed = project.status === 'completed';
  const warranty = useWarranty(project.id);
  const w = warranty.data;
  const claims = useClaims(project.id, Boolean(w));
  const [opening, setOpening] = useState(false);
  const [opened, setOpened] = useState(false);
  // the mails' links end in #warranty: bring the panel into view once it is drawn
  useEffect(() => {
    if (w && window.location.hash === '#warranty') {
      document.getElementById('warranty')?.scrollIntoView({ block: 'start' });
    }
  }, [w]);
  if (!completed && !w) return null;
  return (
    <Card
      id="warranty"
      aria-labelledby="warranty-title"
      data-testid="project-warranty"
      className="scroll-mt-20"
    >
      <CardHeader className="pb-3">
        <CardTitle id="warranty-title" className="flex items-center gap-2 text-lg">
          <ShieldCheck aria-hidden="true" className="size-4" />
          Warranty
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {warranty.isPending ? (
          <Spinner label="Loading the warranty..." />
        ) : warranty.isError ? (
          <div className="grid gap-2">
            <p className="text-sm text-destructive">{errorMessage(warranty.error)}</p>
            <Button variant="outline" className="justify-self-start" onClick={() => void warranty.refetch()}>
              Try Again
            </Button>
          </div>
        ) : !w ? (
          <p className="text-sm text-muted-foreground">
            The warranty starts on the date of the final payment: its certificate appears here and in the job
            file once the final payment is received.
          </p>
        ) : (
          <>
            <div className="grid gap-3 sm:grid-cols-2">
              <Period
                label="Workmanship (labor)"
                value={`${w.workmanshipYears} years`}
                detail={`${longDate(w.startsAt)} to ${longDate(w.workmanshipEndsAt)}`}
              />
              <Period
                label="Material (manufacturer)"
                value={w.materialYears ? `${w.materialYears} years` : 'As stated'}
                detail={
                  w.material && w.materialEndsAt
                    ? `${w.material}: ${w.materialStated ?? ''}, until ${longDate(w.materialEndsAt)}`
                    : "The installed product's own warranty, as its manufacturer states it."
                }
              />
            </div>
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
              {w.certificateUrl ? (
                <>
                  <Button variant="outline" asChild className="min-h-11 sm:min-h-9">
                    <a
                      href={w.certificateUrl}
                      target="_blank"
                      rel="noopener"
                      aria-label="View the warranty certificate"
                    >
                      <Eye aria-hidden="true" />
                      View Certificate
                    </a>
                  </Button>
                  <Button variant="outline" asChild className="min-h-11 sm:min-h-9">
                    <a href={`${w.certificateUrl}?download=1`} aria-label="Download the warranty certificate">
                      <Download aria-hidden="true" />
                      Download Certificate
                    </a>
                  </Button>
                </>
              ) : (
                <p className="text-sm text-muted-foreground">The certificate is being prepared.</p>
              )}
              {w.canOpenClaim ? (
                <Button onClick={() => setOpening(true)} className="min-h-11 sm:ml-auto sm:min-h-9">
                  Open a Warranty Claim
                </Button>
              ) : null}
            </div>
            <p className="text-xs text-muted-foreground">
              In effect since the final payment on {longDate(w.issuedAt)}.
              {w.inPeriod ? '' : ' The warranty period has ended.'}
            </p>
            {opened ? (
              <Alert role="status">Your warranty claim was sent to your contractor and our team.</Alert>
            ) : null}
            <section aria-labelledby="claims-title" className="grid gap-2">
              <h3 id="claims-title" className="text-sm font-semibold">
                Warranty claims
              </h3>
              {claims.isPending ? (
                <Spinner label="Loading the claims..." />
              ) : claims.isError ? (
                <p className="text-sm text-destructive">{errorMessage(claims.error)}</p>
              ) : claims.data.length === 0 ? (
                <p className="text-sm text-muted-foreground">No warranty claims.</p>
              ) : (
                <ul className="grid gap-3">
                  {claims.data.map((c) => (
                    <ClaimCard key={c.id} claim={c} canManage={w.canManageClaims} />
                  ))}
                </ul>
              )}
            </section>
            {viewer === 'homeowner' ? (
              <OpenClaimDialog
                projectId={project.id}
                open={opening}
                onOpenChange={setOpening}
                onOpened={() => setOpened(true)}
              />
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
