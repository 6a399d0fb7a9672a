import type { ContractorDocument, ContractorDocumentKind } from '@domain/contractors/contractor-documents';
import {
  type CredentialWarning,
  credentialState,
  type StoredInsurance,
  type StoredLicense,
} from '@domain/contractors/credentials';
import { formatWholeDollars } from '@domain/payments/money';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';
import { AlertTriangle, FileText } from 'lucide-react';
import type * as React from 'react';
import { formatCalendarDate, formatFileSize, formatMoment } from './format';

/**
 * What a contractor submitted (licences, insurance, documents), shown to the contractor on their
 * profile and to admins in the verification review, with the small definition list these views
 * and the payment set-up (payment-view.tsx) are written in.
 */

export const documentKindLabels: Record<ContractorDocumentKind, string> = {
  license: 'License',
  general_liability: 'General liability certificate',
  workers_compensation: "Workers' compensation certificate",
  bonding: 'Bond certificate',
  w9: 'W-9',
};

/** A small definition list: label on the left (or above on a phone), value on the right. */
export function Facts({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <dl
      className={cn('grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]', className)}
    >
      {children}
    </dl>
  );
}

export function Fact({ label, children }: { label: React.ReactNode; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium [overflow-wrap:anywhere]">{children}</dd>
    </>
  );
}

/** The expiry date with 'Expired' or 'Expiring soon' when it is. */
export function ExpiryDate({ date, now }: { date: string; now?: Date }) {
  const state = credentialState(date, now);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span>{formatCalendarDate(date)}</span>
      {state === 'expired' ? <Badge variant="destructive">Expired</Badge> : null}
      {state === 'expiring' ? <Badge variant="warning">Expiring soon</Badge> : null}
    </span>
  );
}

/** The server's expiry warnings (expired, or ending within 30 days). */
export function CredentialWarnings({ warnings }: { warnings: CredentialWarning[] }) {
  if (warnings.length === 0) return null;
  const expired = warnings.some((w) => w.status === 'expired');
  return (
    <section
      aria-label="Expiry warnings"
      className={cn(
        'grid gap-2 rounded-lg border p-4 text-sm',
        expired ? 'border-destructive/40 bg-destructive/5' : 'border-amber-300 bg-amber-50',
      )}
    >
      <h3 className="flex items-center gap-2 font-semibold">
        <AlertTriangle
          aria-hidden="true"
          className={cn('size-4', expired ? 'text-destructive' : 'text-amber-700')}
        />
        {expired ? 'Expired credentials' : 'Credentials expiring soon'}
      </h3>
      <ul className="grid list-disc gap-1 pl-5">
        {warnings.map((w) => (
          <li key={`${w.kind}-${w.state ?? ''}-${w.expirationDate}`}>
            <span className={w.status === 'expired' ? 'font-semibold text-destructive' : 'text-amber-900'}>
              {w.status === 'expired' ? 'Expired: ' : 'Expiring: '}
            </span>
            {w.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A link to a stored document (opens in a new tab: the contractor and admins may read it). */
export function DocumentLink({
  document,
  fallbackName,
}: {
  document: ContractorDocument | undefined;
  fallbackName?: string | null;
}) {
  if (!document) {
    return fallbackName ? <span>{fallbackName}</span> : <span className="text-muted-foreground">None</span>;
  }
  return (
    <a
      href={document.url}
      target="_blank"
      rel="noopener noreferrer"
      className="relative inline-flex max-w-full items-center gap-1.5 text-primary underline-offset-4 hover:underline"
    >
      <FileText aria-hidden="true" className="size-4 shrink-0" />
      <span className="truncate">{document.fileName}</span>
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

function byId(
  documents: ContractorDocument[],
  id: string | null | undefined,
): ContractorDocument | undefined {
  return id ? documents.find((d) => d.id === id) : undefined;
}

/** One entry per working state: its licence, or 'No license required in this state'. */
export function LicensesView({
  workingStates,
  licenses,
  documents,
}: {
  workingStates: string[];
  licenses: StoredLicense[];
  documents: ContractorDocument[];
}) {
  const states = [...new Set([...workingStates, ...licenses.map((l) => l.state)])];
  if (licenses.length === 0)
    return <p className="text-sm text-muted-foreground">No license information yet.</p>;
  return (
    <ul className="grid grid-cols-1 gap-3">
      {states.map((state) => {
        const l = licenses.find((x) => x.state === state);
        return (
          <li key={state} className="rounded-lg border p-4">
            <h4 className="mb-2 font-semibold">{state}</h4>
            {!l ? (
              <p className="text-sm text-destructive">No license information for this state.</p>
            ) : l.noLicenseRequired ? (
              <p className="text-sm">No license required in this state</p>
            ) : (
              <Facts>
                <Fact label="License number">{l.licenseNumber ?? 'Not provided'}</Fact>
                {l.licenseType ? <Fact label="License type">{l.licenseType}</Fact> : null}
                <Fact label="Expiration date">
                  {l.expirationDate ? <ExpiryDate date={l.expirationDate} /> : 'Not provided'}
                </Fact>
                <Fact label="Document">
                  <DocumentLink
                    document={byId(documents, l.licenseDocumentId)}
                    fallbackName={l.licenseDocument}
                  />
                </Fact>
              </Facts>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** General liability, workers' compensation and bonding as submitted. */
export function InsuranceView({
  insurance,
  documents,
}: {
  insurance: StoredInsurance | null;
  documents: ContractorDocument[];
}) {
  if (!insurance) return <p className="text-sm text-muted-foreground">No insurance information yet.</p>;
  const gl = insurance.generalLiability;
  const wc = insurance.workersCompensation;
  const bond = insurance.bonding;
  return (
    <div className="grid grid-cols-1 gap-3">
      <section aria-label="General liability" className="rounded-lg border p-4">
        <h4 className="mb-2 font-semibold">General Liability</h4>
        {gl ? (
          <Facts>
            <Fact label="Carrier">{gl.carrier}</Fact>
            <Fact label="Policy number">{gl.policyNumber}</Fact>
            <Fact label="Coverage amount">{formatWholeDollars(gl.coverageAmount)}</Fact>
            <Fact label="Expiration date">
              <ExpiryDate date={gl.expirationDate} />
            </Fact>
            <Fact label="Certificate">
              <DocumentLink document={byId(documents, gl.documentId)} fallbackName={gl.document} />
            </Fact>
          </Facts>
        ) : (
          <p className="text-sm text-destructive">Not provided</p>
        )}
      </section>
      <section aria-label="Workers' compensation" className="rounded-lg border p-4">
        <h4 className="mb-2 font-semibold">Workers' Compensation</h4>
        {!wc ? (
          <p className="text-sm text-muted-foreground">Not provided</p>
        ) : wc.notRequired ? (
          <p className="text-sm">Not required (sole proprietor with no employees)</p>
        ) : (
          <Facts>
            <Fact label="Carrier">{wc.carrier}</Fact>
            <Fact label="Policy number">{wc.policyNumber}</Fact>
            <Fact label="Expiration date">
              <ExpiryDate date={wc.expirationDate} />
            </Fact>
            <Fact label="Certificate">
              <DocumentLink document={byId(documents, wc.documentId)} fallbackName={wc.document} />
            </Fact>
          </Facts>
        )}
      </section>
      <section aria-label="Bonding" className="rounded-lg border p-4">
        <h4 className="mb-2 font-semibold">Bonding</h4>
        {!bond ? (
          <p className="text-sm text-muted-foreground">Not provided</p>
        ) : bond.notRequired ? (
          <p className="text-sm">Not required or not applicable</p>
        ) : (
          <Facts>
            <Fact label="Bonding company">{bond.carrier}</Fact>
            <Fact label="Bond amount">{formatWholeDollars(bond.bondAmount)}</Fact>
            {bond.expirationDate ? (
              <Fact label="Expiration date">
                <ExpiryDate date={bond.expirationDate} />
              </Fact>
            ) : null}
            <Fact label="Certificate">
              <DocumentLink document={byId(documents, bond.documentId)} fallbackName={bond.document} />
            </Fact>
          </Facts>
        )}
      </section>
    </div>
  );
}

/** Every uploaded document, newest last. */
export function DocumentsView({ documents }: { documents: ContractorDocument[] }) {
  if (documents.length === 0)
    return <p className="text-sm text-muted-foreground">No documents uploaded yet.</p>;
  return (
    <ul className="grid grid-cols-1 gap-2">
      {documents.map((d) => (
        <li
          key={d.id}
          className="flex flex-col gap-1 rounded-lg border p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0">
            <p className="font-medium">
              {documentKindLabels[d.kind]}
              {d.state ? ` · ${d.state}` : ''}
            </p>
            <DocumentLink document={d} />
          </div>
          <p className="shrink-0 text-xs text-muted-foreground">
            {formatFileSize(d.size)} · uploaded {formatMoment(d.uploadedAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}
