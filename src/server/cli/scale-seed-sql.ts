/**
 * The statements of `npm run seed:scale` (scale-seed.ts): each table is filled by one
 * `INSERT ... SELECT ... FROM generate_series(...)` run inside the database, so a million rows
 * cost one round trip. Ids are derived from the row number (`uid('p', 'i')`: an md5 shaped as a
 * version-4 UUID), so a row can name its owner without a join: user n is uid('u', n), contractor
 * profile k is uid('c', k) (its account is user ADMINS + k), project i is uid('p', i).
 *
 * Users are laid out by number: 1..ADMINS admins, then the contractors' accounts, then homeowners.
 */
import {
  ago,
  COMPANY,
  COMPANY_KIND,
  city,
  firstName,
  lastName,
  MESSAGES,
  pick,
  placeIdx,
  ROOF_TYPES,
  SPECIALTIES,
  STREET_KINDS,
  STREETS,
  state,
  TITLES,
  userEmail,
  zip,
} from './scale-seed-words';

export interface ScaleSizes {
  users: number;
  /** A multiple of 100 (the verified ones are picked by their number modulo 100). */
  contractors: number;
  projects: number;
  messages: number;
  quotes: number;
  installRequests: number;
  notifications: number;
  contactMessages: number;
  outbox: number;
  discountCodes: number;
}

export const ADMINS = 5;

/** A UUID (version 4 shape) derived from a prefix and a row number expression. */
export function uid(prefix: string, expr: string): string {
  return `overlay(overlay(md5('${prefix}' || (${expr})::text) placing '4' from 13) placing '8' from 17)::uuid`;
}

export function usersSql(s: ScaleSizes): string {
  return `INSERT INTO users (id, email, password_hash, first_name, last_name, phone, city, state, user_type,
      is_verified, email_verified_at, created_at, updated_at)
    SELECT ${uid('u', 'g')}, ${userEmail('g')}, $1, ${firstName('g')}, ${lastName('g')},
      '(555) ' || lpad(((g * 7919) % 1000)::text, 3, '0') || '-' || lpad((g % 10000)::text, 4, '0'),
      ${city('g % 7')}, ${state('g % 7')},
      (CASE WHEN g <= ${ADMINS} THEN 'admin' WHEN g <= ${ADMINS + s.contractors} THEN 'contractor'
        ELSE 'homeowner' END)::user_type,
      g % 10 <> 0, CASE WHEN g % 10 <> 0 THEN t END, t, t
    FROM (SELECT g, ${ago('random()')} AS t FROM generate_series(1, ${s.users}) g) x`;
}

/** Contractor k: verified unless (k - 1) % 100 < 20 (then pending, pending_verification or rejected). */
export function contractorsSql(s: ScaleSizes): string {
  return `INSERT INTO contractor_profiles (id, user_id, company_name, contact_name, contact_email, contact_phone,
      business_address, business_city, business_state, business_zip, working_states, travel_distance, specialties,
      years_experience, total_projects, is_available, verification_status, verified_at, profile_completion_status,
      created_at, updated_at)
    SELECT ${uid('c', 'k')}, ${uid('u', `${ADMINS} + k`)},
      ${pick(COMPANY, 'k')} || ' ' || ${pick(COMPANY_KIND, 'k / 16')} || ' ' || k,
      ${firstName(`${ADMINS} + k`)} || ' ' || ${lastName(`${ADMINS} + k`)}, ${userEmail(`${ADMINS} + k`)},
      '(555) 010-' || lpad((k % 10000)::text, 4, '0'), (100 + k % 900) || ' ' || ${pick(STREETS, 'k')} || ' St',
      ${city('p')}, ${state('p')}, ${zip('p')}, jsonb_build_array(${state('p')}), 25 + (k % 8) * 25,
      ${pick(SPECIALTIES, 'k')}::jsonb, 1 + k % 30, k % 400, k % 13 <> 0, v::verification_status,
      CASE WHEN v = 'verified' THEN t + interval '3 days' END,
      CASE WHEN v = 'verified' THEN 'complete' ELSE 'application_submitted' END, t, t
    FROM (SELECT k, ${placeIdx('random()')} AS p, ${ago('random()')} AS t,
        CASE WHEN (k - 1) % 100 >= 20 THEN 'verified' WHEN (k - 1) % 100 < 8 THEN 'pending'
          WHEN (k - 1) % 100 < 15 THEN 'pending_verification' ELSE 'rejected' END AS v
      FROM generate_series(1, ${s.contractors}) k) x;
  INSERT INTO contractor_licenses (contractor_id, state, license_number, license_type, expiration_date)
    SELECT id, business_state, 'LIC-' || lpad(substr(md5(id::text), 1, 8), 8, '0'), 'Roofing',
      (now() + (((hashtext(id::text) % 700) - 60) || ' days')::interval)::date
    FROM contractor_profiles`;
}

/**
 * Project i: its homeowner is one of 0.65 * projects homeowners (the first 40 % of projects one
 * each, the next 30 % two each, the last 30 % three each); its contractor one of the verified
 * ones, skewed so that a few contractors hold hundreds of jobs.
 */
export function projectsSql(s: ScaleSizes): string {
  const a = Math.floor(s.projects * 0.4);
  const b = Math.floor(s.projects * 0.7);
  const home = `CASE WHEN i <= ${a} THEN i WHEN i <= ${b} THEN ${a} + (i - ${a} + 1) / 2
    ELSE ${a + Math.ceil((b - a) / 2)} + (i - ${b} + 2) / 3 END`;
  const verified = Math.floor(s.contractors * 0.8);
  const j = `floor(${verified} * r2 * r2)::int`;
  const k = `(${j} / 80) * 100 + 20 + (${j} % 80) + 1`;
  const homeUser = `${ADMINS + s.contractors} + h`;
  return `INSERT INTO projects (id, title, description, address, city, state, zip_code, roof_area, roof_type,
      priority, status, estimated_cost, final_cost, contractor_payment_amount, contractor_id, homeowner_id, source,
      created_at, updated_at, assigned_at, start_date, completion_date, homeowner_name, homeowner_email,
      homeowner_contact_completed, material_selection_completed, install_completed, work_accepted_at)
    SELECT ${uid('p', 'i')}, ${pick(TITLES, 'i')} || ' #' || i, 'Seeded at scale: ' || ${pick(ROOF_TYPES, 'i / 7')},
      (100 + i % 9800) || ' ' || ${pick(STREETS, 'i / 3')} || ' ' || ${pick(STREET_KINDS, 'i / 5')},
      ${city('p')}, ${state('p')}, ${zip('p')}, 1200 + (i % 40) * 100, ${pick(ROOF_TYPES, 'i / 7')},
      ${pick(['normal', 'normal', 'normal', 'low', 'medium', 'high', 'urgent'], 'i / 11')}::project_priority,
      st::project_status, cost, CASE WHEN st = 'completed' THEN cost + (i % 5) * 10000 END,
      CASE WHEN st <> 'pending' THEN (cost * 88) / 100 END,
      CASE WHEN st <> 'pending' THEN ${uid('c', k)} END, ${uid('u', homeUser)}, 'admin',
      t, t + interval '1 day', CASE WHEN st <> 'pending' THEN t + interval '2 days' END,
      CASE WHEN st IN ('in_progress', 'completed') THEN t + interval '10 days' END,
      CASE WHEN st = 'completed' THEN least(now(), t + interval '30 days') END,
      ${firstName(homeUser)} || ' ' || ${lastName(homeUser)}, ${userEmail(homeUser)},
      st IN ('in_progress', 'completed'), st IN ('in_progress', 'completed'), st = 'completed',
      CASE WHEN st = 'completed' THEN least(now(), t + interval '31 days') END
    FROM (SELECT i, h, r2, ${placeIdx('r3')} AS p, ${ago('r1')} AS t, 800000 + (i % 220) * 10000 AS cost,
        CASE WHEN r1 < 0.02 THEN 'pending' WHEN r1 < 0.03 THEN 'matched' WHEN r1 < 0.08 THEN 'in_progress'
          WHEN r0 < 0.12 THEN 'pending' WHEN r0 < 0.2 THEN 'matched' WHEN r0 < 0.35 THEN 'in_progress'
          WHEN r0 < 0.95 THEN 'completed' ELSE 'cancelled' END AS st
      FROM (SELECT i, ${home} AS h, random() AS r0, random() AS r1, random() AS r2, random() AS r3
        FROM generate_series(1, ${s.projects}) i) y) x`;
}

/** Completed jobs were paid (first and final part, outside the platform), so revenue is real. */
export function paymentsSql(): string {
  return `INSERT INTO job_payments (project_id, part, amount_cents, payer_name, payer_email, requested_at,
      received_cents, received_at, method, outside_reference, created_at, updated_at)
    SELECT p.id, part::job_payment_part, half, p.homeowner_name, p.homeowner_email, p.start_date, half,
      p.start_date + CASE WHEN part = 'first' THEN interval '1 day' ELSE interval '20 days' END, 'outside',
      'CHK-' || p.number, p.start_date, p.start_date
    FROM projects p CROSS JOIN (VALUES ('first'), ('final')) parts(part)
      CROSS JOIN LATERAL (SELECT coalesce(p.final_cost, p.estimated_cost) / 2 AS half) c
    WHERE p.status = 'completed';
  INSERT INTO payout_ledger (job_payment_id, project_id, contractor_id, part, method, gross_cents, fee_cents,
      share_cents, received_at)
    SELECT jp.id, jp.project_id, p.contractor_id, jp.part::text, 'outside', jp.received_cents,
      jp.received_cents - (jp.received_cents * 88) / 100, (jp.received_cents * 88) / 100, jp.received_at
    FROM job_payments jp JOIN projects p ON p.id = jp.project_id`;
}

/** Messages between a project's homeowner and contractor, skewed so some threads are long. */
export function messagesSql(s: ScaleSizes): string {
  return `CREATE TEMP TABLE scale_threads AS
    SELECT row_number() OVER (ORDER BY p.number) AS n, p.id, p.homeowner_id, cp.user_id AS contractor_user,
      p.created_at
    FROM projects p JOIN contractor_profiles cp ON cp.id = p.contractor_id;
  ALTER TABLE scale_threads ADD PRIMARY KEY (n);
  INSERT INTO messages (sender_id, receiver_id, content, is_read, read_at, created_at, project_id, digested_at)
    SELECT CASE WHEN g % 2 = 0 THEN t.homeowner_id ELSE t.contractor_user END,
      CASE WHEN g % 2 = 0 THEN t.contractor_user ELSE t.homeowner_id END, ${pick(MESSAGES, 'g')},
      at < now() - interval '2 days', CASE WHEN at < now() - interval '2 days' THEN at + interval '1 hour' END,
      at, t.id, at
    FROM (SELECT g, 1 + floor((SELECT count(*) FROM scale_threads) * power(random(), 1.5))::bigint AS n,
        random() AS r FROM generate_series(1, ${s.messages}) g) x
      JOIN scale_threads t ON t.n = x.n
      CROSS JOIN LATERAL (SELECT least(now(), t.created_at + x.r * interval '60 days') AS at) m;
  DROP TABLE scale_threads`;
}
