import { MY_QUOTES_LIMIT, type MyQuotesResponse, myQuotesTexts } from '../../../domain/quotes/my-quotes';
import type { Db } from '../../platform/db/index';
import { createMyQuotesRepo } from './my-quotes.repo';
import type { QuoteRow } from './quotes.repo';
import { isOwnOrder, reportVersionAnswers, type StatusViewer } from './status.service';

function addressLine(q: QuoteRow): string {
  const street = [q.streetAddress, q.streetAddress2].filter((p) => p?.trim()).join(', ');
  return `${street}, ${q.city}, ${q.state} ${q.zipCode}`;
}

/**
 * The signed-in person's quotes: those ordered with their e-mail once they have confirmed it,
 * with the report links GET /api/quotes/{reference}/status gives the order's own person.
 */
export function createMyQuotesService(deps: {
  db: Db;
  sessionSecret: string;
  /** The projects feature's answer: which of these quotes became a project, and whose. */
  projectsOfQuotes: (
    quoteIds: readonly string[],
  ) => Promise<{ id: string; quoteId: string; homeownerId: string | null }[]>;
}) {
  const repo = createMyQuotesRepo(deps.db);

  return {
    async list(user: NonNullable<StatusViewer['user']>): Promise<MyQuotesResponse> {
      // an unconfirmed address may be someone else's: typing it at sign-up proves nothing
      if (!user.isVerified) return { quotes: [], reason: myQuotesTexts.unconfirmed };

      const rows = (await repo.quotesOrderedWith(user.email, MY_QUOTES_LIMIT)).filter((q) =>
        // the status endpoint's rule, so this list never shows a link that endpoint would withhold
        isOwnOrder(q, { user }),
      );
      const ids = rows.map((q) => q.id);
      const [versions, projectRows] = await Promise.all([
        repo.reportVersionsOf(ids),
        deps.projectsOfQuotes(ids),
      ]);
      const versionsByQuote = new Map<string, typeof versions>();
      for (const v of versions)
        versionsByQuote.set(v.quoteId, [...(versionsByQuote.get(v.quoteId) ?? []), v]);
      const projectByQuote = new Map(projectRows.map((p) => [p.quoteId, p]));

      return {
        reason: null,
        quotes: rows.map((q) => {
          const project = projectByQuote.get(q.id);
          const submitted = q.status === 'submitted' && q.submittedAt !== null;
          return {
            id: q.id,
            reference: q.reference,
            address: addressLine(q),
            orderedAt: q.createdAt.toISOString(),
            submittedAt: q.submittedAt?.toISOString() ?? null,
            status: q.status,
            reportStatus: q.reportStatus,
            reports: reportVersionAnswers(
              deps.sessionSecret,
              q.reference,
              versionsByQuote.get(q.id) ?? [],
              true,
            ),
            projectId: project && project.homeownerId === user.id ? project.id : null,
            hasProject: project !== undefined,
            canConvert: submitted && project === undefined,
          };
        }),
      };
    },
  };
}

export type MyQuotesService = ReturnType<typeof createMyQuotesService>;
