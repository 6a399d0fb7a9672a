import { expect, gotoLive, openConversation, projectBetween, signedInContext, test } from './fixtures';

/**
 * Issue 23 item 10: a message shown in the receiver's open conversation is read, and every unread
 * count of the receiver drops without a reload: the dashboard card's badge (another tab), the
 * conversation list's badge and the bell's new-message notification.
 */
test('a message shown in the open conversation clears the unread badges without a reload', async ({
  browser,
}) => {
  const admin = await signedInContext(browser, 'admin');
  const homeowner = await signedInContext(browser, 'homeowner');
  const contractor = await signedInContext(browser, 'contractor');
  try {
    const { id, title } = await projectBetween(admin, contractor);
    const ownerPage = await homeowner.newPage();
    await openConversation(ownerPage, id);

    // the contractor: the dashboard in one tab, the conversation in another
    const board = await contractor.newPage();
    await gotoLive(board, '/contractor-dashboard');
    await board.getByRole('tab', { name: /New Matches/ }).click();
    const card = board.getByRole('article').filter({ hasText: title });
    const bell = board.getByRole('button', { name: /^Notifications/ });
    await expect(card.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
    await expect(bell).toBeVisible();
    const bellBefore = (await bell.getAttribute('aria-label')) ?? '';

    // first, with the conversation closed: the badge and the bell count rise, live
    const ownerInput = ownerPage.getByPlaceholder('Type your message...');
    await ownerInput.fill('Is Tuesday fine for the inspection?');
    await ownerInput.press('Enter');
    await expect(card.getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible();
    await expect(bell).not.toHaveAttribute('aria-label', bellBefore);

    // the contractor opens the conversation in another tab: shown, so read; the board's badge
    // and the bell drop without a reload
    const chat = await contractor.newPage();
    await openConversation(chat, id);
    await expect(chat.getByRole('log')).toContainText('Is Tuesday fine for the inspection?');
    await expect(card.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
    await expect(bell).toHaveAttribute('aria-label', bellBefore);

    // a message arriving while the conversation is open never stays unread there or on the board
    await ownerInput.fill('And the gate code is 4321.');
    await ownerInput.press('Enter');
    await expect(chat.getByRole('log')).toContainText('the gate code is 4321');
    const projectButton = chat
      .getByRole('navigation', { name: 'Projects' })
      .getByRole('button', { name: title });
    await expect(projectButton.getByLabel(/unread/)).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
    await expect(bell).toHaveAttribute('aria-label', bellBefore);
    await expect
      .poll(async () => {
        const counts = (await (await contractor.request.get('/api/messages/unread')).json()) as {
          byProject: Record<string, number>;
        };
        return counts.byProject[id] ?? 0;
      })
      .toBe(0);
  } finally {
    await Promise.all([admin.close(), homeowner.close(), contractor.close()]);
  }
});
