import { inArray } from 'drizzle-orm';
import { contractorShareCents } from '../../../domain/projects/workflow';
import { projects } from '../../platform/db/schema';
import { DEMO_HOMEOWNER_EMAIL, demoContractors, demoHomeowners } from './demo-data';
import type { SeedState } from './seed-state';

/**
 * The demo contractors' ratings come from demo reviews (issue 25 #9): each star of a contractor's
 * `reviewStars` is the review of one past job, a completed project of a demo homeowner (never the
 * signed-in demo homeowner's: their dashboard keeps its own projects, and their completed job
 * waits for their review). Past jobs are written by the projects service and reviews by the
 * reviews service, like every demo project; a second run adds nothing.
 */
const COMMENTS: Record<number, string[]> = {
  5: [
    'The crew showed up on the day they promised, finished in one day and left the yard cleaner than they found it.',
    'Clear quote, no surprises on the final bill, and they walked us through every photo of the old decking.',
    'They handled the insurance adjuster for us and the new roof looks great. Would hire again.',
  ],
  4: [
    'Good work and a fair price. The start slipped two days because of rain, but they kept us posted.',
    'Solid installation; a few nails were left in the driveway, and they came back the next morning to sweep.',
  ],
  3: ['The roof is fine, but scheduling took several calls and the clean-up needed a reminder.'],
  2: ['The work was finished, but late, and the crew left debris behind.'],
  1: ['Poor communication and a leak in the first storm; it took weeks to get it fixed.'],
};

/** One past job per demo review: job numbers 5001 onwards, in a year before the demo projects. */
const pastTitle = (n: number) => `SWRX-2025-${String(5000 + n).padStart(4, '0')}`;

export async function seedReviews(s: SeedState): Promise<void> {
  const reviewers = demoHomeowners.map((h) => h.email).filter((e) => e !== DEMO_HOMEOWNER_EMAIL);
  const jobs = demoContractors.flatMap((c) => c.reviewStars.map((stars) => ({ c, stars })));
  const planned = jobs.map((job, i) => {
    const homeownerEmail = reviewers[i % reviewers.length] as string;
    const completedDaysAgo = 40 + ((i * 37) % 500);
    const estimatedCost = 1_250_000 + ((i * 73_000) % 1_600_000);
    const comments = COMMENTS[job.stars] ?? COMMENTS[5] ?? [];
    return {
      ...job,
      title: pastTitle(i + 1),
      homeownerEmail,
      completedDaysAgo,
      estimatedCost,
      comment: comments[i % comments.length] as string,
    };
  });
  const existing = new Set(
    (
      await s.tx
        .select({ title: projects.title })
        .from(projects)
        .where(
          inArray(
            projects.title,
            planned.map((p) => p.title),
          ),
        )
    ).map((r) => r.title),
  );
  const missing = planned.filter((p) => !existing.has(p.title));
  if (missing.length === 0) return;
  const inserted = await s.projectsService.insertDemoProjects(
    s.tx,
    missing.map((p) => {
      const done = s.at(p.completedDaysAgo);
      const started = s.at(p.completedDaysAgo + 6);
      return {
        title: p.title,
        description: 'Full roof replacement (a past job of the demo data, reviewed by its homeowner).',
        address: `${100 + (p.completedDaysAgo % 900)} Past Job Ln`,
        city: p.c.businessCity,
        state: p.c.businessState,
        zipCode: p.c.businessZip,
        status: 'completed' as const,
        estimatedCost: p.estimatedCost,
        finalCost: p.estimatedCost,
        contractorPaymentAmount: contractorShareCents(p.estimatedCost),
        contractorId: s.profileId(p.c.user.email),
        homeownerId: s.userId(p.homeownerEmail),
        homeownerEmail: p.homeownerEmail,
        source: 'admin' as const,
        createdBy: s.userId(s.adminEmail),
        createdAt: s.at(p.completedDaysAgo + 30),
        assignedAt: s.at(p.completedDaysAgo + 25),
        startDate: started,
        completionDate: done,
        // the six steps, each dated in the order they happen
        homeownerContactCompleted: true,
        homeownerContactDate: started,
        materialSelectionCompleted: true,
        materialSelectionDate: s.at(p.completedDaysAgo + 5),
        selectedMaterial: '30 YEAR ARCHITECTURAL SHINGLE',
        materialPreference: '30 YEAR ARCHITECTURAL SHINGLE',
        roofArea: 1800 + ((p.completedDaysAgo * 13) % 1400),
        roofType: 'Gable',
        priority: 'normal' as const,
        homeownerSignatureConfirmed: true,
        homeownerSignatureDate: s.at(p.completedDaysAgo + 5),
        permitStatus: 'issued' as const,
        permitApplicationDate: s.at(p.completedDaysAgo + 4),
        permitIssuedDate: s.at(p.completedDaysAgo + 3),
        materialStatus: 'delivered' as const,
        materialOrderedDate: s.at(p.completedDaysAgo + 3),
        materialDeliveryDate: s.at(p.completedDaysAgo + 1),
        materialDeliveredDate: s.at(p.completedDaysAgo + 1),
        crewScheduled: true,
        crewScheduledDate: done,
        installCompleted: true,
        installCompletedDate: done,
        // the work was accepted on completion (and paid: seed-payouts.ts)
        workAcceptedAt: done,
        updatedAt: done,
      };
    }),
  );
  const idOf = new Map(inserted.map((r) => [r.title, r.id]));
  await s.platform.reviews.insertDemoReviews(
    s.tx,
    missing.flatMap((p) => {
      const projectId = idOf.get(p.title);
      if (!projectId) return [];
      const written = s.at(p.completedDaysAgo - 2);
      return [
        {
          projectId,
          contractorId: s.profileId(p.c.user.email),
          homeownerId: s.userId(p.homeownerEmail),
          rating: p.stars,
          comment: p.comment,
          createdAt: written,
          updatedAt: written,
        },
      ];
    }),
  );
}
