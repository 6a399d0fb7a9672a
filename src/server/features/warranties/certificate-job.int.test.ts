import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContractorPerson,
  type Person,
  testContractor,
  testPerson,
} from '../../../../tests/helpers/people';
import { insertProject } from '../../../../tests/helpers/projects';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { until } from '../../../../tests/helpers/wait';
import { mailOutbox, warranties } from '../../platform/db/schema';
import { certificateKey } from './warranties.service';

/**
 * Issue 25 #6 with the job queue running: the hook only records the warranty in the paying
 * transaction; the certificate job it sends runs after the commit, stores the PDF and mails it
 * once. A rolled-back payment leaves nothing to make or mail.
 */

let ctx: TestContext;
let homeowner: Person;
let crew: ContractorPerson;

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: true });
  homeowner = await testPerson(ctx.platform, 'job.warranty@example.com');
  crew = await testContractor(ctx.platform, 'crew@job-warranty.example');
});

afterAll(async () => {
  await ctx?.close();
});

const certificateMails = async () =>
  (await ctx.platform.db.select().from(mailOutbox).where(eq(mailOutbox.to, homeowner.email))).filter((m) =>
    m.subject.startsWith('Your roof warranty certificate'),
  );

describe(`the certificate job on ${testDbKind}`, () => {
  it('makes and mails the certificate after the paying transaction commits, once', async () => {
    const project = () =>
      insertProject(ctx.platform, {
        status: 'completed',
        homeownerId: homeowner.id,
        contractorId: crew.profileId,
        completionDate: new Date('2026-05-01T00:00:00Z'),
        materialPreference: 'METAL',
      });
    const rolledBack = await project();
    await expect(
      ctx.platform.db.transaction(async (tx) => {
        await ctx.services.warranties.issueOnFinalPayment(tx, {
          projectId: rolledBack,
          receivedAt: new Date(),
        });
        throw new Error('the payment failed after the hook');
      }),
    ).rejects.toThrow();

    const id = await project();
    await ctx.platform.db.transaction(async (tx) => {
      await ctx.services.warranties.issueOnFinalPayment(tx, { projectId: id, receivedAt: new Date() });
      // the rest of the payment's transaction: nothing is made before it commits
      expect(await ctx.platform.storage.exists(certificateKey(id))).toBe(false);
    });
    const [mail] = await until(certificateMails, (mails) => mails.length > 0);
    expect(mail?.attachments).toEqual([expect.objectContaining({ contentType: 'application/pdf' })]);
    expect(await ctx.platform.storage.exists(certificateKey(id))).toBe(true);
    const [row] = await ctx.platform.db.select().from(warranties).where(eq(warranties.projectId, id));
    expect(row?.mailedAt).not.toBeNull();
    expect(row?.material).toBe('METAL');
    // a second payment event and a restart's catch-up send nothing more
    await ctx.platform.db.transaction((tx) =>
      ctx.services.warranties.issueOnFinalPayment(tx, { projectId: id, receivedAt: new Date() }),
    );
    await ctx.services.warranties.resumeCertificates();
    await ctx.services.warranties.makeCertificate(id);
    expect(await certificateMails()).toHaveLength(1);
    expect(
      await ctx.platform.db.select().from(warranties).where(eq(warranties.projectId, rolledBack)),
    ).toHaveLength(0);
  });
});
