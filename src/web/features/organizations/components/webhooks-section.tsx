import type { Organization } from '@domain/organizations/organizations';
import type { WebhookDelivery } from '@domain/organizations/webhooks';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/error-message';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/use-toast';
import { useReplayDelivery, webhookDeliveriesQuery, webhookEndpointsQuery } from '../api/webhooks';

const statusVariant = { delivered: 'secondary', pending: 'outline', failed: 'destructive' } as const;

function DeliveryRow({ org, delivery }: { org: Organization; delivery: WebhookDelivery }) {
  const replay = useReplayDelivery(org.id);
  const last = delivery.lastAttempts[0];
  return (
    <tr className="border-t align-top">
      <td className="whitespace-nowrap py-1 pr-2">{delivery.event}</td>
      <td className="py-1 pr-2">
        <Badge variant={statusVariant[delivery.status]}>{delivery.status}</Badge>
      </td>
      <td className="py-1 pr-2">{delivery.attempts}</td>
      <td className="py-1 pr-2">
        {last
          ? `${last.statusCode ?? 'no answer'} · ${last.latencyMs} ms${last.error ? ` · ${last.error}` : ''}`
          : '—'}
      </td>
      <td className="py-1 pr-2 text-muted-foreground">{new Date(delivery.createdAt).toLocaleString()}</td>
      <td className="py-1">
        <Button
          size="sm"
          variant="outline"
          disabled={replay.isPending}
          aria-label={`Replay ${delivery.event} of ${new Date(delivery.createdAt).toLocaleString()}`}
          onClick={() =>
            replay.mutate(delivery.id, {
              onSuccess: (d) => toast({ title: 'Delivery replayed', description: `Attempt ${d.attempts}` }),
              onError: (e) =>
                toast({
                  title: 'Replay failed',
                  description: serverMessage(e) ?? errorMessage(e),
                  variant: 'destructive',
                }),
            })
          }
        >
          Replay
        </Button>
      </td>
    </tr>
  );
}

/** An organisation's webhook endpoints and its latest deliveries, each with a Replay button (admins). */
export function WebhooksSection({ org }: { org: Organization }) {
  const endpoints = useQuery(webhookEndpointsQuery(org.id));
  const deliveries = useQuery(webhookDeliveriesQuery(org.id));
  if (endpoints.isPending || deliveries.isPending) return <Spinner label="Loading webhooks..." />;
  if (endpoints.isError || deliveries.isError)
    return (
      <p role="alert" className="text-destructive">
        {errorMessage(endpoints.error ?? deliveries.error)}
      </p>
    );
  return (
    <section aria-label={`Webhooks of ${org.name}`} className="grid gap-2">
      <h4 className="font-semibold">Webhooks</h4>
      {endpoints.data.length === 0 ? (
        <p className="text-muted-foreground">
          No webhook endpoints (the organisation registers them with its key).
        </p>
      ) : (
        <ul className="grid gap-1">
          {endpoints.data.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center gap-2">
              <code>{e.url}</code>
              <span className="text-muted-foreground">{e.events.join(', ')}</span>
              {e.enabled ? null : <Badge variant="outline">disabled</Badge>}
            </li>
          ))}
        </ul>
      )}
      {deliveries.data.length === 0 ? (
        <p className="text-muted-foreground">No deliveries yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-xs" aria-label="Webhook deliveries">
            <thead>
              <tr>
                <th className="whitespace-nowrap pr-2">Event</th>
                <th className="whitespace-nowrap pr-2">Status</th>
                <th className="whitespace-nowrap pr-2">Attempts</th>
                <th className="whitespace-nowrap pr-2">Last attempt</th>
                <th className="whitespace-nowrap pr-2">Created</th>
                <th>
                  <span className="sr-only">Replay</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.map((d) => (
                <DeliveryRow key={d.id} org={org} delivery={d} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
