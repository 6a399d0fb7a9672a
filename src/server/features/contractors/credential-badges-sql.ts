import { type SQL, sql } from 'drizzle-orm';

/**
 * The contractor card's badges (src/domain/contractors/credentials.ts credentialBadges) as SQL
 * text, for the reads that build cards in the database (contractor search, the contractor of a
 * project). `c` is the contractor_profiles alias or quoted table name. No parameters: the text is
 * spliced into larger queries. credential-badges-sql.int.test.ts checks it agrees with credentialBadges.
 */
const TODAY = `(now() at time zone 'UTC')::date`;

/** Expiry of current general liability insurance, else null ('Insured'). */
export function insuredUntilText(c: string): string {
  const exp = `(${c}.insurance_data->'generalLiability'->>'expirationDate')`;
  return `(case when ${exp} ~ '^\\d{4}-\\d{2}-\\d{2}$' and ${exp}::date >= ${TODAY} then ${exp} end)`;
}

/**
 * Earliest expiry of the licences, when every working state has a current licence or needs none
 * and at least one licence is held; else null ('Licensed').
 */
export function licensedUntilText(c: string): string {
  return `(select case
      when count(*) > 0
        and bool_and(coalesce(l.no_license_required, false) or (coalesce(l.license_number, '') <> ''
          and l.expiration_date is not null and l.expiration_date >= ${TODAY}))
        and count(*) filter (where l.no_license_required = false) > 0
      then to_char(min(l.expiration_date) filter (where l.no_license_required = false), 'YYYY-MM-DD')
    end
    from jsonb_array_elements_text(${c}.working_states) ws(state)
    left join contractor_licenses l on l.contractor_id = ${c}.id and l.state = ws.state)`;
}

export const insuredUntilSql = (c: string): SQL<string | null> =>
  sql<string | null>`${sql.raw(insuredUntilText(c))}`;
export const licensedUntilSql = (c: string): SQL<string | null> =>
  sql<string | null>`${sql.raw(licensedUntilText(c))}`;
/** True when general liability is missing or expired: no new matches until renewed. */
export const liabilityLapsedSql = (c: string): SQL<boolean> =>
  sql<boolean>`(${sql.raw(insuredUntilText(c))} is null)`;
