import type { NotificationKind } from '@domain/notifications/kinds';
import { type NotificationPreference, notificationMessages } from '@domain/notifications/schemas';
import { CenteredMessage, DashboardShell } from '@web/components/dashboard-shell';
import { PageGuard } from '@web/components/page-guard';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage, errorStatus } from '@web/lib/error-message';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { toast } from '@web/lib/use-toast';
import { Lock } from 'lucide-react';
import type * as React from 'react';
import { useEffect, useState } from 'react';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notifications';
import { PushDevicesSection } from '../components/push-devices-section';

const loading = (
  <CenteredMessage>
    <Spinner label="Loading your notification settings..." />
  </CenteredMessage>
);

/** /settings/notifications: which kinds of notification are also e-mailed, for any signed-in person. */
export function NotificationSettingsPage() {
  useDocumentTitle('Notification settings');
  // read here, in this component's render, not only in PageGuard's children: the query tells this
  // component of the changes to the fields its render read, and PageGuard calls the children later
  // (once the session is known). Read only there, an answer that came before the session left the
  // page loading for good (two CI runs).
  const { data, isError, error, refetch } = useNotificationPreferences(true);
  return (
    <PageGuard signedOut={{ delayMs: 0 }} sessionEnded={errorStatus(error) === 401} loading={loading}>
      {() =>
        data ? (
          <SettingsForm saved={data.preferences} />
        ) : isError ? (
          <CenteredMessage title="Could not load your settings">
            <p className="text-muted-foreground">{errorMessage(error)}</p>
            <Button variant="outline" onClick={() => void refetch()}>
              Try again
            </Button>
          </CenteredMessage>
        ) : (
          loading
        )
      }
    </PageGuard>
  );
}

function SettingsForm({ saved }: { saved: NotificationPreference[] }) {
  const save = useSaveNotificationPreferences();
  const [draft, setDraft] = useState<Record<string, boolean>>({});
  const [status, setStatus] = useState('');
  useEffect(() => {
    setDraft(Object.fromEntries(saved.map((p) => [p.kind, p.mail])));
  }, [saved]);
  const changed = saved.some((p) => p.policy === 'preference' && draft[p.kind] !== p.mail);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setStatus('');
    const changes = saved
      .filter((p) => p.policy === 'preference')
      .map((p) => ({ kind: p.kind as NotificationKind, mail: draft[p.kind] ?? p.mail }));
    save.mutate(changes, {
      onSuccess: () => {
        setStatus('Your notification settings are saved.');
        toast({ title: notificationMessages.saved, description: 'Your e-mail choices are saved.' });
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Could not save', description: errorMessage(error) }),
    });
  };

  return (
    <DashboardShell
      className="max-w-3xl"
      title="Notification settings"
      subtitle="Everything shows under the bell at the top of the page. Choose what is also e-mailed to you."
    >
      <form onSubmit={submit} className="grid gap-4">
        <Card>
          <CardContent className="divide-y p-0">
            {saved.map((p) => (
              <PreferenceRow
                key={p.kind}
                preference={p}
                checked={draft[p.kind] ?? p.mail}
                onChange={(mail) => {
                  setStatus('');
                  setDraft((d) => ({ ...d, [p.kind]: mail }));
                }}
              />
            ))}
          </CardContent>
        </Card>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending || !changed}>
            {save.isPending ? 'Saving...' : 'Save settings'}
          </Button>
          <p role="status" className="text-sm text-muted-foreground">
            {status}
          </p>
        </div>
      </form>
      <PushDevicesSection />
    </DashboardShell>
  );
}

function PreferenceRow({
  preference: p,
  checked,
  onChange,
}: {
  preference: NotificationPreference;
  checked: boolean;
  onChange: (mail: boolean) => void;
}) {
  const id = `notify-mail-${p.kind}`;
  const locked = p.policy !== 'preference';
  return (
    <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="grid min-w-0 gap-1">
        <p className="font-medium">{p.label}</p>
        <p id={`${id}-about`} className="text-sm text-muted-foreground">
          {p.policy === 'always' ? notificationMessages.securityLocked : p.description}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <Checkbox
          id={id}
          checked={checked}
          disabled={locked}
          aria-describedby={`${id}-about`}
          onCheckedChange={(value) => onChange(value === true)}
          className="size-5"
        />
        <Label htmlFor={id} className="flex items-center gap-1 py-2">
          {locked ? <Lock aria-hidden="true" className="size-3.5" /> : null}
          E-mail me<span className="sr-only"> about {p.label}</span>
        </Label>
      </div>
    </div>
  );
}
