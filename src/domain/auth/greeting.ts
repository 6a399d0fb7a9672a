/**
 * The dashboards' greeting (spec 2: 'Welcome back, {firstName}'). An account made within the last
 * hour has not been anywhere to come back from: it is welcomed ('Welcome, Jordan'), not welcomed back.
 */
export const NEW_ACCOUNT_WINDOW_MS = 60 * 60 * 1000;

export function dashboardGreeting(
  name: string,
  account: { createdAt: string | Date },
  now = new Date(),
): string {
  const created = new Date(account.createdAt).getTime();
  const brandNew = Number.isFinite(created) && now.getTime() - created < NEW_ACCOUNT_WINDOW_MS;
  return `${brandNew ? 'Welcome' : 'Welcome back'}, ${name}`;
}
