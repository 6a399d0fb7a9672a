import { expect, test } from './fixtures';

test.describe('real-time channel', () => {
  test('connects when signed in and notices a sign-out made elsewhere', async ({ page, loginAs }) => {
    // a session of its own: the test signs it out
    const user = await loginAs('homeowner', { fresh: true });
    const socketPromise = page.waitForEvent('websocket', (ws) => new URL(ws.url()).pathname === '/ws');
    await page.goto('/customer-dashboard');
    const socket = await socketPromise;
    const connected = await socket.waitForEvent('framereceived', (frame) =>
      String(frame.payload).includes('"connected"'),
    );
    expect(JSON.parse(String(connected.payload))).toEqual({ type: 'connected', userId: user.id });
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
