import type { WebSocket } from '@playwright/test';
import { expect, test } from './fixtures';

test.describe('real-time channel', () => {
  test('connects when signed in and notices a sign-out made elsewhere', async ({ page, loginAs }) => {
    // a session of its own: the test signs it out
    const user = await loginAs('homeowner', { fresh: true });
    // heard from the socket's first frame on: the 'connected' frame can arrive before goto returns
    const connected = new Promise<{ socket: WebSocket; payload: string }>((resolve) => {
      page.on('websocket', (socket) => {
        if (new URL(socket.url()).pathname !== '/ws') return;
        socket.on('framereceived', (frame) => {
          if (String(frame.payload).includes('"connected"'))
            resolve({ socket, payload: String(frame.payload) });
        });
      });
    });
    await page.goto('/customer-dashboard');
    const { socket, payload } = await connected;
    expect(JSON.parse(payload)).toEqual({ type: 'connected', userId: user.id });
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();

    // the session ends outside this page (another tab): the server closes the socket and the
    // page falls back to its signed-out state without a reload
    const closed = socket.waitForEvent('close');
    const res = await page.request.post('/api/auth/logout');
    expect(res.status()).toBe(200);
    await closed;
    await expect(page.getByText('Login Required').first()).toBeVisible();
  });

  test('stays closed while signed out', async ({ page }) => {
    let opened = false;
    page.on('websocket', () => {
      opened = true;
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(opened).toBe(false);
  });
});
