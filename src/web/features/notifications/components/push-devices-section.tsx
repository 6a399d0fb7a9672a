import type { PushDevice } from '@domain/push/schemas';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/error-message';
import { toast } from '@web/lib/use-toast';
import { Smartphone } from 'lucide-react';
import { useState } from 'react';
import {
  PermissionDenied,
  thisDeviceId,
  useEnablePush,
  usePushDevices,
  useRemovePushDevice,
} from '../api/push';

const supported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

const permissionNow = () => (supported() ? Notification.permission : 'default');

/**
 * "Notifications on this device" (issue 27 #4): Enable subscribes this browser to Web Push; the
 * list shows every device of the user's with Remove. Unsupported browsers and a blocked permission
 * say so instead of offering a button that cannot work.
 */
export function PushDevicesSection() {
  const devices = usePushDevices();
  const enable = useEnablePush();
  const [permission, setPermission] = useState(permissionNow);
  const mine = thisDeviceId();
  const enabledHere = devices.data?.devices.some((d) => d.id === mine) ?? false;

  const onEnable = () =>
    enable.mutate(undefined, {
      onSuccess: () => {
        setPermission(permissionNow());
        toast({ title: 'Notifications are on', description: 'This device now gets your notifications.' });
      },
      onError: (error) => {
        setPermission(permissionNow());
        if (!(error instanceof PermissionDenied))
          toast({
            variant: 'destructive',
            title: 'Could not turn notifications on',
            description: errorMessage(error),
          });
      },
    });

  return (
    <section aria-labelledby="push-heading" className="grid gap-3">
      <div className="grid gap-1">
        <h2 id="push-heading" className="text-lg font-semibold">
          Notifications on this device
        </h2>
        <p className="text-sm text-muted-foreground">
          New matches, messages, punch-list items and date changes appear on this phone or computer, even when
          Ridgeline is closed.
        </p>
      </div>
      <Card>
        <CardContent className="grid gap-4 p-4">
          {!supported() ? (
            <p role="status" className="text-sm">
              This browser cannot receive notifications. On an iPhone, add Ridgeline to the home screen first,
              then open it from there.
            </p>
          ) : permission === 'denied' ? (
            <p role="status" className="text-sm">
              Notifications are blocked for this site. Allow them in the browser's site settings, then come
              back here.
            </p>
          ) : enabledHere ? (
            <p role="status" className="text-sm">
              This device gets your notifications.
            </p>
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <Button type="button" onClick={onEnable} disabled={enable.isPending}>
                {enable.isPending ? 'Turning on...' : 'Enable on this device'}
              </Button>
              <p className="text-sm text-muted-foreground">The browser asks for your permission.</p>
            </div>
          )}
          <DeviceList devices={devices.data?.devices} loading={devices.isPending} mine={mine} />
          {devices.isError ? <p className="text-sm text-destructive">{errorMessage(devices.error)}</p> : null}
        </CardContent>
      </Card>
    </section>
  );
}

function DeviceList({
  devices,
  loading,
  mine,
}: {
  devices: PushDevice[] | undefined;
  loading: boolean;
  mine: string | null;
}) {
  const remove = useRemovePushDevice();
  if (loading) return <Spinner label="Loading your devices..." />;
  if (!devices || devices.length === 0)
    return <p className="text-sm text-muted-foreground">No device gets your notifications yet.</p>;
  return (
    <ul aria-label="Devices that get your notifications" className="divide-y rounded-md border">
      {devices.map((d) => (
        <li key={d.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex min-w-0 items-start gap-2">
            <Smartphone aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <div className="min-w-0">
              <p className="truncate font-medium">
                {d.label ?? d.service}
                {d.id === mine ? <span className="text-muted-foreground"> (this device)</span> : null}
              </p>
              <p className="text-xs text-muted-foreground">
                Added {new Date(d.createdAt).toLocaleDateString()}
                {d.failureCount > 0 ? ` · ${d.failureCount} failed deliveries` : ''}
              </p>
            </div>
          </div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={remove.isPending && remove.variables === d.id}
            onClick={() =>
              remove.mutate(d.id, {
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Could not remove',
                    description: errorMessage(error),
                  }),
              })
            }
          >
            Remove<span className="sr-only"> {d.label ?? d.service}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
