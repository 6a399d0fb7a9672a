import { z } from 'zod';
import {
  type ConvertQuote,
  type ConvertQuoteResult,
  convertQuoteMessages,
} from '../../../domain/projects/convert-quote';
import type { Db } from '../../platform/db/index';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { findOrCreateHomeowner } from '../auth';
import { createConvertQuoteRepo, type QuoteRow } from './convert-quote.repo';
import type { ProjectsService } from './projects.service';

const uuid = z.uuid();

/** 'RL-7K3M9Q2X', 'rl-7k3m9q2x' and '7K3M9Q2X' name the same quote; a uuid names it too. */
export function quoteLookup(quoteId: string): { id: string } | { reference: string } {
  const value = quoteId.trim();
  if (uuid.safeParse(value).success) return { id: value.toLowerCase() };
  const upper = value.toUpperCase().replace(/\s+/g, '');
  return { reference: upper.includes('-') ? upper : `RL-${upper}` };
}

/** The roof family of a roofSurfaceMaterial value ('30 YEAR LAMINATE SHINGLE' -> 'Asphalt shingle'). */
export function roofTypeOf(material: string): string {
  const m = material.toUpperCase();
  if (m.includes('WOOD SHAKE')) return 'Wood shake';
  if (m.includes('SHINGLE')) return 'Asphalt shingle';
  if (m.includes('TILE - CLAY')) return 'Clay tile';
  if (m.includes('TILE - CONCRETE')) return 'Concrete tile';
  if (m.includes('METAL')) return 'Metal';
  if (m.includes('SLATE')) return 'Slate';
  return material;
}

function numberAt(value: unknown, ...path: string[]): number | undefined {
  let v: unknown = value;
  for (const key of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/**
 * The roof area a quote knows: measured (its measurement file, parsed) when there is one, else the
 * area typed (an admin's entered measurement, or the order form's roof area).
 */
export function roofAreaOf(
  q: Pick<QuoteRow, 'measurement' | 'sketchUploadId' | 'roofAreaSqFt'>,
): { area: number; source: 'measured' | 'typed' } | undefined {
  const measured = numberAt(q.measurement, 'totalAreaSqFt');
  if (measured !== undefined && measured > 0) {
    return { area: Math.round(measured), source: q.sketchUploadId ? 'measured' : 'typed' };
  }
  if (q.roofAreaSqFt !== null && q.roofAreaSqFt > 0) return { area: q.roofAreaSqFt, source: 'typed' };
  return undefined;
}

function sameText(a: string, b: string): boolean {
  return a.trim().toUpperCase() === b.trim().toUpperCase();
}

function projectDescription(q: QuoteRow): string {
  const lines = [
    `Created from quote ${q.reference}${q.submittedAt ? ` (submitted ${q.submittedAt.toISOString().slice(0, 10)})` : ''}.`,
    `Roof surface material: ${q.roofSurfaceMaterial}.`,
    `Building height: ${q.buildingHeight}. Roof layers: ${q.roofLayers}. Plywood needed: ${q.plywoodNeeded}.${q.ridgeVent ? ` Ridge vent: ${q.ridgeVent}.` : ''}`,
    `Homeowner: ${q.homeownerFirstName} ${q.homeownerLastName}.`,
  ];
  if (q.insuranceInvolved.toLowerCase() === 'yes') {
    const carrier = q.carrierName ? `carrier ${q.carrierName}` : 'carrier not given';
    const claim = q.claimNumber ? `claim ${q.claimNumber}` : 'claim number not given';
    const adjuster = [q.adjusterFirstName, q.adjusterLastName].filter(Boolean).join(' ');
    lines.push(`Insurance: ${carrier}, ${claim}${adjuster ? `, adjuster ${adjuster}` : ''}.`);
  } else {
    lines.push('Insurance: not involved.');
  }
  return lines.join('\n');
}

export function createConvertQuoteService(deps: {
  db: Db;
  projects: Pick<ProjectsService, 'createFromQuote' | 'announceCreated' | 'idOfQuote'>;
}) {
  const { db, projects } = deps;
  const repo = createConvertQuoteRepo(db);

  return {
    /**
     * Turns a submitted quote into one pending project for the homeowner. The same answer covers an
     * unknown quote and an e-mail that is not the quote's, so quote ids cannot be probed.
     */
    async convert(input: ConvertQuote, meta: { ip?: string }): Promise<ConvertQuoteResult> {
      const quote = await repo.findQuote(quoteLookup(input.quoteId));
      const email = input.email.toLowerCase();
      const owns =
        quote &&
        [quote.requesterEmail, quote.homeownerEmail].some((e) => e && e.trim().toLowerCase() === email);
      if (!quote || !owns) throw new NotFoundError(convertQuoteMessages.notFound);
      if (input.confirmationCode && !sameText(input.confirmationCode, quote.confirmationCode)) {
        throw new ValidationError(convertQuoteMessages.codeMismatch, {
          confirmationCode: [convertQuoteMessages.codeMismatch],
        });
      }
      if (quote.status !== 'submitted') throw new ConflictError(convertQuoteMessages.notSubmitted);

      const existing = await projects.idOfQuote(quote.id);
      if (existing) return { projectId: existing, created: false, message: convertQuoteMessages.exists };

      const isHomeowner = quote.homeownerEmail?.trim().toLowerCase() === email;
      try {
        const project = await db.transaction(async (tx) => {
          const account = await findOrCreateHomeowner(tx, {
            email,
            firstName: isHomeowner ? quote.homeownerFirstName : quote.requesterFirstName,
            lastName: isHomeowner ? quote.homeownerLastName : quote.requesterLastName,
            phone: isHomeowner ? (quote.homeownerPhone ?? undefined) : undefined,
          });
          const roof = roofAreaOf(quote);
          const insured = quote.insuranceInvolved.trim().toLowerCase() === 'yes';
          return projects.createFromQuote(
            tx,
            {
              description: projectDescription(quote),
              address: [quote.streetAddress, quote.streetAddress2].filter(Boolean).join(', '),
              city: quote.city,
              state: quote.state,
              zipCode: quote.zipCode,
              roofArea: roof?.area,
              roofAreaSource: roof?.source,
              roofType: roofTypeOf(quote.roofSurfaceMaterial),
              materialPreference: quote.roofSurfaceMaterial,
              roofLayers: quote.roofLayers,
              storeys: quote.buildingHeight,
              plywoodNeeded: quote.plywoodNeeded,
              ridgeVent: quote.ridgeVent,
              insuranceCarrier: insured ? quote.carrierName : null,
              insuranceClaimNumber: insured ? quote.claimNumber : null,
              homeownerName: `${quote.homeownerFirstName} ${quote.homeownerLastName}`.trim(),
              homeownerEmail: (quote.homeownerEmail ?? email).trim().toLowerCase(),
              homeownerPhone: quote.homeownerPhone,
              status: 'pending',
              estimatedCost: numberAt(quote.estimate, 'totalCents'),
              homeownerId: account.id,
              quoteId: quote.id,
            },
            { reference: quote.reference, ip: meta.ip },
          );
        });
        await projects.announceCreated(project.id);
        return { projectId: project.id, created: true, message: convertQuoteMessages.created };
      } catch (err) {
        // a concurrent request for the same quote created it first (projects.quote_id is unique)
        if (isUniqueViolation(err)) {
          const raced = await projects.idOfQuote(quote.id);
          if (raced) return { projectId: raced, created: false, message: convertQuoteMessages.exists };
        }
        throw err;
      }
    },
  };
}

export type ConvertQuoteService = ReturnType<typeof createConvertQuoteService>;
