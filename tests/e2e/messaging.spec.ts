import type { Browser, BrowserContext } from '@playwright/test';
import { deferred, expect, openConversation, projectBetween, signedInContext, test } from './fixtures';

interface Parties {
  homeowner: BrowserContext;
  contractor: BrowserContext;
  /** A fresh project of the demo homeowner, matched to the demo contractor. */
  project: { id: string; title: string };
}

/** The homeowner and the contractor, each in their own browser, and the project an admin set up for them. */
async function withProject(browser: Browser, run: (parties: Parties) => Promise<void>): Promise<void> {
  const admin = await signedInContext(browser, 'admin');
  const homeowner = await signedInContext(browser, 'homeowner');
  const contractor = await signedInContext(browser, 'contractor');
  try {
    const project = await projectBetween(admin, contractor);
    await run({ homeowner, contractor, project });
  } finally {
    await Promise.all([admin.close(), homeowner.close(), contractor.close()]);
  }
}

test.describe('messaging', () => {
  test('a homeowner and a contractor chat live, each in their own browser, without reloading', async ({
    browser,
  }) => {
    await withProject(browser, async ({ homeowner, contractor, project: { id, title } }) => {
      const ownerPage = await homeowner.newPage();
      const crewPage = await contractor.newPage();
      await openConversation(ownerPage, id);
      await openConversation(crewPage, id);
      const ownerLog = ownerPage.getByRole('log');
      const crewLog = crewPage.getByRole('log');
      await expect(ownerLog).toContainText('No messages yet');
      await expect(ownerLog).toContainText('Start a conversation below');
      await expect(ownerPage.getByRole('button', { name: 'Send message' })).toBeDisabled();

      // Shift+Enter gives a new line; Enter sends
      const ownerInput = ownerPage.getByPlaceholder('Type your message...');
      await ownerInput.fill('Hello from the homeowner');
      await ownerInput.press('Shift+Enter');
      await ownerInput.pressSequentially('When can you start?');
      await expect(ownerInput).toHaveValue('Hello from the homeowner\nWhen can you start?');
      // with the socket open the list is not polled: the message can only arrive over the socket
      const sentAt = Date.now();
      await ownerInput.press('Enter');
      await expect(ownerInput).toHaveValue('');
      await expect(ownerLog.locator('[data-own="true"]')).toContainText('When can you start?');
      await expect(crewLog.locator('[data-own="false"]')).toContainText('Hello from the homeowner');
      test
        .info()
        .annotations.push({ type: 'homeowner to contractor', description: `${Date.now() - sentAt} ms` });

      // the contractor answers with the Send button
      const crewInput = crewPage.getByPlaceholder('Type your message...');
      await crewInput.fill('Monday at 8.');
      const repliedAt = Date.now();
      await crewPage.getByRole('button', { name: 'Send message' }).click();
      await expect(ownerLog.locator('[data-own="false"]')).toContainText('Monday at 8.');
      test
        .info()
        .annotations.push({ type: 'contractor to homeowner', description: `${Date.now() - repliedAt} ms` });

      // shown means read: nothing stays unread on either side, and whitespace is never sent
      const unreadHere = async (context: BrowserContext) => {
        const counts = (await (await context.request.get('/api/messages/unread')).json()) as {
          byProject: Record<string, number>;
        };
        return counts.byProject[id] ?? 0;
      };
      await expect.poll(() => unreadHere(homeowner)).toBe(0);
      await expect.poll(() => unreadHere(contractor)).toBe(0);
      await crewInput.fill('   ');
      await expect(crewPage.getByRole('button', { name: 'Send message' })).toBeDisabled();
      await crewInput.press('Enter');
      await expect(crewLog.locator('[data-own="true"]')).toHaveCount(1);

      // on the dashboard, a new message shows as unread on the project's card, live; opening it reads it
      await crewPage.goto('/contractor-dashboard');
      await crewPage.getByRole('tab', { name: /New Matches/ }).click();
      const card = crewPage.getByRole('article').filter({ hasText: title });
      await expect(card.getByRole('link', { name: 'Messages' })).toBeVisible();
      await ownerInput.fill('One more thing: the gate code is 4321.');
      await ownerInput.press('Enter');
      await card.getByRole('link', { name: 'Messages, 1 unread' }).click();
      await expect(crewPage.getByRole('log')).toContainText('the gate code is 4321');
      await expect.poll(() => unreadHere(contractor)).toBe(0);

      // the project list beside the conversation finds the project by its title
      await ownerPage.getByRole('searchbox', { name: 'Search projects' }).fill(title);
      await expect(ownerPage.getByRole('navigation', { name: 'Projects' }).getByRole('button')).toHaveCount(
        1,
      );
    });
  });

  test("a message sent while the homeowner's connection was down shows once it is back, without reloading", async ({
    browser,
  }) => {
    await withProject(browser, async ({ homeowner, contractor, project: { id } }) => {
      const ownerPage = await homeowner.newPage();
      // the homeowner's socket goes through the test: it can be dropped, and its next attempt held
      let attempts = 0;
      const reconnecting = deferred();
      const reconnectAllowed = deferred();
      const connected = [deferred(), deferred()];
      const sockets: Array<{ close: () => Promise<void> }> = [];
      await ownerPage.routeWebSocket(
        (url) => url.pathname === '/ws',
        async (ws) => {
          const attempt = attempts++;
          if (attempt === 1) {
            reconnecting.resolve();
            await reconnectAllowed.promise;
          }
          const server = ws.connectToServer();
          server.onMessage((message) => {
            ws.send(message);
            if (String(message).includes('"connected"')) connected[attempt]?.resolve();
          });
          sockets.push({
            close: async () => {
              await ws.close({ code: 1012, reason: 'server restart' });
              await server.close();
            },
          });
        },
      );
      await ownerPage.goto(`/projects/${id}?tab=messages`);
      await connected[0]?.promise;
      const ownerLog = ownerPage.getByRole('log');
      await expect(ownerLog).toContainText('No messages yet');

      // the connection drops (its server process restarted); the page tries again at once
      await sockets[0]?.close();
      await reconnecting.promise;
      // meanwhile the contractor writes: the live event reaches no socket of the homeowner
      const crewPage = await contractor.newPage();
      await openConversation(crewPage, id);
      const crewInput = crewPage.getByPlaceholder('Type your message...');
      await crewInput.fill('Sent while you were offline.');
      await crewInput.press('Enter');
      await expect(crewPage.getByRole('log').locator('[data-own="true"]')).toContainText(
        'while you were offline',
      );

      // the connection comes back: the page fetches what it missed (with the socket open, the
      // list is not polled any more)
      reconnectAllowed.resolve();
      await connected[1]?.promise;
      await expect(ownerLog.locator('[data-own="false"]')).toContainText('Sent while you were offline.');
    });
  });
});
