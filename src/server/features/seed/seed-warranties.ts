import type { SeedState } from './seed-state';

/**
 * The demo data shows a warranty (issue 25 #6): a completed demo job of the demo contractor,
 * paid in full a day after its completion, has its warranty issued by the warranties service;
 * its certificate is made and mailed by the job at the workers' start. The signed-in demo
 * homeowner's own completed job is left to go through the final payment.
 */
export const DEMO_WARRANTY_PROJECT = 'SWRX-2026-0231';
/** Days before the seed: the job was completed 141.4 days ago (projects.json), paid a day later. */
const PAID_DAYS_AGO = 140;

export async function seedWarranties(s: SeedState): Promise<void> {
  const projectId = s.projectIds.get(DEMO_WARRANTY_PROJECT);
  if (!projectId) return;
  await s.platform.warranties.insertDemoWarranty(s.tx, { projectId, receivedAt: s.at(PAID_DAYS_AGO) });
}
