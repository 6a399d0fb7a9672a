import { Button } from '@web/components/ui/button';
import { Download, Eye, ShieldCheck } from 'lucide-react';
import { useWarranty } from '../api/warranties';
import { longDate } from './format';

/**
 * The warranty certificate in the project's job file (issue 25 #6), for its homeowner, its
 * contractor and admins: nothing shows before the warranty is issued or while it is made.
 */
export function WarrantyCertificateLink({ projectId }: { projectId: string }) {
  const { data: w } = useWarranty(projectId);
  if (!w?.certificateUrl) return null;
  return (
    <ul className="divide-y rounded-lg border" aria-label="Warranty" data-testid="warranty-certificate-link">
      <li className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap">
        <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-primary" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium">Warranty certificate</p>
          <p className="text-xs text-muted-foreground">
            Workmanship until {longDate(w.workmanshipEndsAt)} (PDF)
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          <Button variant="outline" size="sm" asChild>
            <a href={w.certificateUrl} target="_blank" rel="noopener" aria-label="View Warranty certificate">
              <Eye aria-hidden="true" />
              View
            </a>
          </Button>
          <Button variant="outline" size="sm" asChild>
            <a href={`${w.certificateUrl}?download=1`} aria-label="Download Warranty certificate">
              <Download aria-hidden="true" />
              Download
            </a>
          </Button>
        </div>
      </li>
    </ul>
  );
}
