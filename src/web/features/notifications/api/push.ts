import type { PushDevice } from '@domain/push/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '@web/lib/api-client';
import { notificationKeys } from './notification-keys';

/** Where this browser keeps the id of its own subscription (to mark "This device" and unsubscribe on Remove). */
const DEVICE_KEY = 'ridgeline.push.deviceId';

export const thisDeviceId = (): string | null => {
  try {
    return localStorage.getItem(DEVICE_KEY);
  } catch {
    return null;
  }
};

/** GET /api/push/subscriptions: the signed-in user's devices. */
export function usePushDevices() {
  return useQuery({
    queryKey: notificationKeys.pushDevices(),
    queryFn: () => apiJson<{ devices: PushDevice[] }>('GET', '/api/push/subscriptions'),
  });
}

/** A base64url VAPID key as the bytes pushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The service worker's registration: the app's own (/sw.js), registered here if the page has none yet. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (!existing) await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

export class PermissionDenied extends Error {}

/** Enable: asks permission, subscribes this browser with the server's VAPID key, saves the subscription. */
export function useEnablePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') throw new PermissionDenied('Notifications are blocked for this site.');
      const { publicKey } = await apiJson<{ publicKey: string }>('GET', '/api/push/vapid-public-key');
      const reg = await registration();
      const subscription =
        (await reg.pushManager.getSubscription()) ??
        (await reg.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(publicKey),
        }));
      const device = await apiJson<PushDevice>('POST', '/api/push/subscriptions', subscription.toJSON());
      localStorage.setItem(DEVICE_KEY, device.id);
      return device;
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.pushDevices() }),
  });
}

/** Remove: DELETE /api/push/subscriptions/{id}; this browser's own is also unsubscribed. */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `/api/push/subscriptions/${encodeURIComponent(id)}`);
      if (id !== thisDeviceId()) return;
      localStorage.removeItem(DEVICE_KEY);
      const reg = await navigator.serviceWorker?.getRegistration();
      await (await reg?.pushManager.getSubscription())?.unsubscribe();
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.pushDevices() }),
  });
}
