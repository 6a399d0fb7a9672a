import { inArray } from 'drizzle-orm';
import { contractorShareCents } from '../../../domain/projects/workflow';
import {
  contactMessages,
  discountCodes,
  installRequests,
  messages,
  projects,
} from '../../platform/db/schema';
import {
  type DemoProject,
  demoContactMessages,
  demoDiscountCodes,
  demoInstallRequests,
  demoProjects,
} from './demo-data';
import type { SeedState } from './seed-state';

/** The demo discount codes, projects (through the projects service), install requests and contact messages. */
export async function seedDiscountCodes(s: SeedState): Promise<void> {
  const createdBy = s.userId(s.adminEmail);
  const createdAt = s.at(300);
  await s.tx
    .insert(discountCodes)
    .values(
      demoDiscountCodes.map((d) => ({ ...d, isActive: true, createdBy, createdAt, updatedAt: createdAt })),
    )
    .onConflictDoNothing({ target: discountCodes.code });
}

export async function seedProjects(s: SeedState): Promise<void> {
  const titles = demoProjects.map((p) => p.title);
  const existing = await s.tx
    .select({ id: projects.id, title: projects.title })
    .from(projects)
    .where(inArray(projects.title, titles));
  for (const row of existing) s.projectIds.set(row.title, row.id);
  const missing = demoProjects.filter((p) => !s.projectIds.has(p.title));
  if (missing.length === 0) return;

  // Oldest first; each keeps the job number of its title (the projects service owns the table)
  const ordered = [...missing].sort((a, b) => b.createdDaysAgo - a.createdDaysAgo);
  const inserted = await s.projectsService.insertDemoProjects(
    s.tx,
    ordered.map((p) => projectRow(s, p)),
  );
  for (const row of inserted) s.projectIds.set(row.title, row.id);

  // Conversations belong to the projects created now; existing ones keep theirs.
  const conversation = ordered.flatMap((p) => {
    const projectId = s.projectIds.get(p.title);
    if (!p.messages || !p.contractorEmail || projectId === undefined) return [];
    const homeownerId = s.userId(p.homeownerEmail);
    const contractorUserId = s.userId(p.contractorEmail);
    return p.messages.map((m) => {
      const createdAt = s.at(m.daysAgo);
      const fromHomeowner = m.from === 'homeowner';
      return {
        projectId,
        senderId: fromHomeowner ? homeownerId : contractorUserId,
        receiverId: fromHomeowner ? contractorUserId : homeownerId,
        content: m.content,
        messageType: 'text',
        isRead: m.read,
        readAt: m.read ? new Date(Math.min(createdAt.getTime() + 40 * 60_000, s.now)) : null,
        createdAt,
      };
    });
  });
  if (conversation.length > 0) await s.tx.insert(messages).values(conversation);
}

function projectRow(s: SeedState, p: DemoProject): typeof projects.$inferInsert & { title: string } {
  const w = p.workflow ?? {};
  const maybe = (days: number | undefined) => (days === undefined ? null : s.at(days));
  const createdAt = s.at(p.createdDaysAgo);
  const startDate = maybe(p.startDaysAgo);
  const completionDate = p.status === 'completed' ? maybe(w.install?.daysAgo) : null;
  const row = {
    title: p.title,
    description: p.description,
    address: p.address,
    city: p.city,
    state: p.state,
    zipCode: p.zipCode,
    roofArea: p.roofArea,
    roofType: p.roofType,
    materialPreference: p.materialPreference,
    priority: p.priority,
    status: p.status,
    estimatedCost: p.estimatedCost,
    finalCost: p.status === 'completed' ? (p.finalCost ?? p.estimatedCost) : null,
    contractorPaymentAmount: p.contractorEmail ? contractorShareCents(p.estimatedCost) : null,
    contractorId: p.contractorEmail ? s.profileId(p.contractorEmail) : null,
    homeownerId: s.userId(p.homeownerEmail),
    homeownerEmail: p.homeownerEmail.toLowerCase(),
    preferredContractorId: p.preferredContractorEmail ? s.profileId(p.preferredContractorEmail) : null,
    source: p.source,
    createdBy: p.source === 'admin' ? s.userId(s.adminEmail) : null,
    createdAt,
    assignedAt: p.contractorEmail ? maybe(p.assignedDaysAgo) : null,
    startDate,
    completionDate,
    homeownerContactCompleted: w.contact !== undefined,
    homeownerContactDate: maybe(w.contact?.daysAgo),
    homeownerContactNotes: w.contact?.notes ?? null,
    materialSelectionCompleted: w.materialSelection !== undefined,
    materialSelectionDate: maybe(w.materialSelection?.daysAgo),
    selectedMaterial: w.materialSelection?.selectedMaterial ?? null,
    homeownerSignatureConfirmed: w.materialSelection?.signatureDaysAgo !== undefined,
    homeownerSignatureDate: maybe(w.materialSelection?.signatureDaysAgo),
    signatureDocument: w.materialSelection?.signatureDocument ?? null,
    permitStatus: w.permit?.status ?? ('application_needed' as const),
    permitApplicationDate: maybe(w.permit?.appliedDaysAgo),
    permitIssuedDate: maybe(w.permit?.issuedDaysAgo),
    permitNotes: w.permit?.notes ?? null,
    materialStatus: w.material?.status ?? ('not_ordered' as const),
    materialOrderedDate: maybe(w.material?.orderedDaysAgo),
    materialDeliveryDate: maybe(w.material?.expectedDaysAgo),
    materialDeliveredDate: maybe(w.material?.deliveredDaysAgo),
    materialNotes: w.material?.notes ?? null,
    crewScheduled: w.crew !== undefined,
    crewScheduledDate: maybe(w.crew?.daysAgo),
    crewScheduledNotes: w.crew?.notes ?? null,
    installCompleted: w.install !== undefined,
    installCompletedDate: maybe(w.install?.daysAgo),
    installNotes: w.install?.notes ?? null,
    // finished demo jobs were accepted when they were completed (as migration 0020 does for real ones)
    workAcceptedAt: p.status === 'completed' ? (completionDate ?? createdAt) : null,
  };
  // Last touched by the latest step that already happened (the expected delivery may lie ahead).
  const moments = [
    createdAt,
    row.assignedAt,
    startDate,
    row.homeownerContactDate,
    row.materialSelectionDate,
    row.homeownerSignatureDate,
    row.permitApplicationDate,
    row.permitIssuedDate,
    row.materialOrderedDate,
    row.materialDeliveredDate,
    row.crewScheduledDate,
    row.installCompletedDate,
  ].filter((d): d is Date => d !== null && d.getTime() <= s.now);
  const updatedAt = new Date(Math.max(...moments.map((d) => d.getTime())));
  return { ...row, updatedAt };
}

export async function seedInstallRequests(s: SeedState): Promise<void> {
  const existing = await s.tx
    .select({ email: installRequests.email, address: installRequests.address })
    .from(installRequests)
    .where(
      inArray(
        installRequests.email,
        demoInstallRequests.map((r) => r.email),
      ),
    );
  const seen = new Set(existing.map((r) => `${r.email}|${r.address}`));
  const rows = demoInstallRequests
    .filter((r) => !seen.has(`${r.email}|${r.address}`))
    .map((r) => ({
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      phone: r.phone,
      address: r.address,
      city: r.city,
      state: r.state,
      zipCode: r.zipCode,
      insuranceCompany: r.insuranceCompany ?? null,
      claimNumber: r.claimNumber ?? null,
      approvedAmount: r.approvedAmount ?? null,
      projectDescription: r.projectDescription,
      urgency: r.urgency,
      preferredStartDate: r.preferredStartInDays === undefined ? null : s.dateIn(r.preferredStartInDays),
      preferredContractorId: r.preferredContractorEmail ? s.profileId(r.preferredContractorEmail) : null,
      userId: r.userEmail ? s.userId(r.userEmail) : null,
      projectId: r.projectTitle ? (s.projectIds.get(r.projectTitle) ?? null) : null,
      createdAt: s.at(r.createdDaysAgo),
    }));
  if (rows.length > 0) await s.tx.insert(installRequests).values(rows);
}

export async function seedContactMessages(s: SeedState): Promise<void> {
  const existing = await s.tx
    .select({ email: contactMessages.email, message: contactMessages.message })
    .from(contactMessages)
    .where(
      inArray(
        contactMessages.email,
        demoContactMessages.map((m) => m.email),
      ),
    );
  const seen = new Set(existing.map((m) => `${m.email}|${m.message}`));
  const rows = demoContactMessages
    .filter((m) => !seen.has(`${m.email}|${m.message}`))
    .map((m) => {
      const createdAt = s.at(m.createdDaysAgo);
      return {
        channel: m.channel,
        name: m.name ?? null,
        firstName: m.firstName ?? null,
        lastName: m.lastName ?? null,
        email: m.email,
        phone: m.phone ?? null,
        subject: m.subject ?? null,
        message: m.message,
        projectId: m.projectId ?? null,
        userId: m.userEmail ? s.userId(m.userEmail) : null,
        // Already handed over to support: the job queue has nothing left to deliver.
        deliveryStatus: 'delivered' as const,
        deliveryAttempts: 1,
        deliveredAt: new Date(createdAt.getTime() + 5_000),
        createdAt,
      };
    });
  if (rows.length > 0) await s.tx.insert(contactMessages).values(rows);
}
