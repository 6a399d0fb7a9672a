import { homeownerPendingMessages } from '@domain/projects/job-file';
import type { Project } from '@domain/projects/schemas';
import { CredentialBadges } from '@web/components/contractor-credentials/credential-badges';
import { Building2, Mail, Phone, User } from 'lucide-react';
import type * as React from 'react';
import { homeownerContact } from './format';

/** The project's homeowner and contractor with the ways to reach them (spec 2 §2 'participants'). */
export function Participants({ project }: { project: Project }) {
  const { homeowner, contractor } = project;
  const contact = homeownerContact(project);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Party icon={<User aria-hidden="true" />} title="Homeowner">
        {homeowner || contact.email ? (
          <>
            <p className="font-medium">{contact.name ?? 'Name not provided'}</p>
            <Contact kind="email" value={contact.email} />
            <Contact kind="phone" value={contact.phone} />
            {project.homeownerConfirmed ? null : (
              <p className="text-amber-800" data-testid="homeowner-pending">
                {homeownerPendingMessages.badge}
              </p>
            )}
          </>
        ) : (
          <p className="text-muted-foreground">No homeowner linked yet</p>
        )}
      </Party>
      <Party icon={<Building2 aria-hidden="true" />} title="Contractor">
        {contractor ? (
          <>
            <p className="font-medium">{contractor.companyName}</p>
            <CredentialBadges
              licensedUntil={contractor.licensedUntil}
              insuredUntil={contractor.insuredUntil}
              className="my-1"
            />
            <Contact kind="email" value={contractor.contactEmail} />
            <Contact kind="phone" value={contractor.contactPhone} />
          </>
        ) : (
          <p className="text-muted-foreground">No contractor assigned yet</p>
        )}
      </Party>
    </div>
  );
}

function Party({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-label={title} className="grid content-start gap-1 rounded-lg border p-4 text-sm">
      <h3 className="flex items-center gap-2 text-xs font-semibold tracking-wider text-muted-foreground uppercase [&_svg]:size-4">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

function Contact({ kind, value }: { kind: 'email' | 'phone'; value: string | null }) {
  const Icon = kind === 'email' ? Mail : Phone;
  const text = value?.trim();
  return (
    <p className="flex min-w-0 items-center gap-2">
      <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      {text ? (
        <a
          href={kind === 'email' ? `mailto:${text}` : `tel:${text.replace(/[^\d+]/g, '')}`}
          className="truncate text-primary underline-offset-4 hover:underline"
        >
          {text}
        </a>
      ) : (
        <span className="text-muted-foreground">
          {kind === 'email' ? 'No e-mail provided' : 'No phone provided'}
        </span>
      )}
    </p>
  );
}
