/**
 * The statements of `npm run seed:scale` for the quotes and the work queues (install requests,
 * notifications, contact messages, stored mail, discount codes): see scale-seed-sql.ts.
 */
import { ADMINS, type ScaleSizes, uid } from './scale-seed-sql';
import {
  ago,
  city,
  firstName,
  lastName,
  NOTIFICATION_KINDS,
  pick,
  placeIdx,
  ROOF_TYPES,
  STREET_KINDS,
  STREETS,
  state,
  userEmail,
  zip,
} from './scale-seed-words';

export function quotesSql(s: ScaleSizes): string {
  const ref = `'RL-' || translate(lpad(to_hex((q::bigint * 2654435761) % 4294967296), 8, '0'),
    '0123456789abcdef', '23456789ABCDEFGH')`;
  return `INSERT INTO quotes (id, reference, confirmation_code, status, requester_first_name, requester_last_name,
      requester_email, insurance_involved, carrier_name, homeowner_first_name, homeowner_last_name, homeowner_email,
      street_address, city, state, zip_code, roof_surface_material, plywood_needed, building_height, roof_layers,
      measurement_file_source, payment_status, payment_intent_id, report_status, report_error, report_ready_at,
      report_attempts, submitted_at, created_at, updated_at)
    SELECT ${uid('q', 'q')}, ${ref}, upper(substr(md5('cc' || q), 1, 8)), st::quote_status,
      ${firstName('q * 3')}, ${lastName('q * 3')}, 'quote' || q || '@scale.test',
      CASE WHEN q % 3 = 0 THEN 'yes' ELSE 'no' END, CASE WHEN q % 3 = 0 THEN 'State Farm' END,
      ${firstName('q * 3')}, ${lastName('q * 3')}, 'quote' || q || '@scale.test',
      (100 + q % 9800) || ' ' || ${pick(STREETS, 'q')} || ' ' || ${pick(STREET_KINDS, 'q / 3')},
      ${city('p')}, ${state('p')}, ${zip('p')}, ${pick(ROOF_TYPES, 'q')}, 'not_sure', 'one_story', 'one',
      'upload', CASE WHEN st = 'submitted' THEN 'succeeded' WHEN st = 'awaiting_payment' THEN 'requires_payment'
        ELSE 'none' END::payment_status,
      CASE WHEN st IN ('submitted', 'awaiting_payment') THEN 'pi_scale_' || q END, rs::report_status,
      CASE WHEN rs = 'failed' THEN 'The measurement file could not be read' END,
      CASE WHEN rs = 'ready' THEN t + interval '2 hours' END, CASE WHEN rs IN ('ready', 'failed') THEN 1 ELSE 0 END,
      CASE WHEN st = 'submitted' THEN t END, t, t
    FROM (SELECT q, ${placeIdx('random()')} AS p, ${ago('r')} AS t,
        CASE WHEN r < 0.01 THEN 'awaiting_payment' WHEN q % 20 = 0 THEN 'draft' WHEN q % 20 = 1 THEN 'cancelled'
          ELSE 'submitted' END AS st,
        CASE WHEN q % 20 IN (0, 1) OR r < 0.01 THEN 'not_started' WHEN r < 0.015 THEN 'queued'
          WHEN r < 0.02 THEN 'awaiting_measurements' WHEN r < 0.022 THEN 'failed' ELSE 'ready' END AS rs
      FROM (SELECT q, random() AS r FROM generate_series(1, ${s.quotes}) q) y) x;
  INSERT INTO payments (quote_id, provider, provider_payment_id, amount_cents, status, card_brand, card_last4,
      created_at, updated_at)
    SELECT id, 'stripe', payment_intent_id, amount_cents, payment_status, 'visa', '4242', created_at, updated_at
    FROM quotes WHERE payment_intent_id IS NOT NULL`;
}

/** Install requests, notifications, contact messages, stored mail and discount codes. */
export function queuesSql(s: ScaleSizes): string {
  const firstHome = ADMINS + s.contractors + 1;
  const homeowners = s.users - firstHome;
  return `INSERT INTO install_requests (first_name, last_name, email, phone, address, city, state, zip_code,
      insurance_company, claim_number, approved_amount, project_description, urgency, user_id, project_id, created_at)
    SELECT ${firstName('g * 5')}, ${lastName('g * 5')}, 'install' || g || '@scale.test', '(555) 020-0000',
      (100 + g % 9800) || ' ' || ${pick(STREETS, 'g')} || ' Dr', ${city('g % 11')}, ${state('g % 11')},
      ${zip('g % 11')}, CASE WHEN g % 2 = 0 THEN 'Allstate' END, CASE WHEN g % 2 = 0 THEN 'CLM-' || g END,
      CASE WHEN g % 2 = 0 THEN 1200000 END, 'Hail damage, needs a full replacement',
      ${pick(['standard', 'standard', 'expedited', 'emergency'], 'g')}::urgency,
      CASE WHEN g % 4 = 0 THEN ${uid('u', `${firstHome} + g % ${homeowners}`)} END,
      CASE WHEN g % 3 = 0 THEN ${uid('p', `1 + (g * 13) % ${s.projects}`)} END, ${ago('random()')}
    FROM generate_series(1, ${s.installRequests}) g;
  INSERT INTO notifications (user_id, kind, title, body, link, project_id, read_at, created_at)
    SELECT ${uid('u', `CASE WHEN g % 4 = 0 THEN ${ADMINS} + 1 + g % ${s.contractors} ELSE ${firstHome} + g % ${homeowners} END`)},
      ${pick(NOTIFICATION_KINDS, 'g')}::notification_kind, 'Project update', 'Something changed on your project',
      '/dashboard', NULL, CASE WHEN r < 0.8 THEN t + interval '1 hour' END, t
    FROM (SELECT g, random() AS r, ${ago('random()')} AS t FROM generate_series(1, ${s.notifications}) g) x;
  INSERT INTO contact_messages (channel, name, email, subject, message, delivery_status, delivery_attempts,
      delivered_at, delivered_to, created_at)
    SELECT ${pick(['email', 'chat'], 'g')}::contact_channel, ${firstName('g * 7')} || ' ' || ${lastName('g * 7')},
      'contact' || g || '@scale.test', 'Question about a roof', 'Do you serve my area? I need a new roof.',
      ds::delivery_status, 1, CASE WHEN ds = 'delivered' THEN t END, CASE WHEN ds = 'delivered' THEN 'inbox' END, t
    FROM (SELECT g, ${ago('random()')} AS t, ${pick(['delivered', 'delivered', 'delivered', 'pending', 'failed'], 'g')} AS ds
      FROM generate_series(1, ${s.contactMessages}) g) x;
  INSERT INTO mail_outbox ("to", subject, text, status, attempts, sent_at, created_at)
    SELECT ${userEmail(`${firstHome} + g % ${homeowners}`)}, 'Your project was updated',
      'Hello, your project has news. Sign in to see it.', ${pick(['sent', 'sent', 'sent', 'kept', 'failed'], 'g')}::mail_status,
      1, t, t
    FROM (SELECT g, ${ago('random()')} AS t FROM generate_series(1, ${s.outbox}) g) x;
  INSERT INTO discount_codes (code, type, value, max_uses, used_count, is_active, created_at, updated_at)
    SELECT 'SCALE' || g, ${pick(['amount', 'percent', 'free'], 'g')}::discount_type,
      CASE g % 3 WHEN 0 THEN 5000 WHEN 1 THEN 10 ELSE 0 END, 100, g % 50, g % 5 <> 0, t, t
    FROM (SELECT g, ${ago('random()')} AS t FROM generate_series(1, ${s.discountCodes}) g) x`;
}
