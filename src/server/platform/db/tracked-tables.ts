/**
 * The tables whose committed changes the database announces (migration 0010: a statement-level
 * trigger sends the table's name on TABLE_CHANGES_CHANNEL at commit). Per-process read caches
 * (../read-cache.ts) may depend on these and only these. A new table gets its trigger in its
 * migration and its name here, or goes to UNTRACKED_TABLES; read-cache.int.test.ts holds the
 * database to this list.
 */
export const TRACKED_TABLES = [
  // the counters the database keeps (decision 009): the admin lists' totals and the summary
  'admin_counter_deltas',
  'admin_counters',
  'contact_messages',
  'contractor_banking',
  'contractor_credential_notices',
  'contractor_documents',
  'contractor_licenses',
  'contractor_profiles',
  'contractor_tax_info',
  'discount_codes',
  'email_tokens',
  'install_requests',
  'messages',
  'payment_events',
  'payments',
  'project_files',
  'project_punch_items',
  'projects',
  'quote_reports',
  'quotes',
  'reviews',
  'uploads',
  'users',
] as const;

/**
 * Tables without the trigger: written on most requests (sessions, rate limits, login failures, the
 * audit log), or never read through a cache (the mail outbox, stored file bytes, bank changes
 * awaiting review, notifications and their preferences, a project's activity feed and its
 * declined matches and the keys of changes sent from devices, a job's payments and their refunds, the payout ledger, payouts, their refunds
 * and the sandbox's transfers, warranties, their claims and claim messages; the open API's
 * organisations, keys, orders and webhooks; push subscriptions: one indexed query per read).
 */
export const UNTRACKED_TABLES = [
  'api_keys',
  'api_orders',
  'audit_log',
  'contractor_bank_changes',
  'job_payment_refunds',
  'job_payments',
  'login_failures',
  'mail_outbox',
  'notification_preferences',
  'notifications',
  'organizations',
  'payout_ledger',
  'payout_refunds',
  'payouts',
  'project_activity',
  'project_change_keys',
  'project_declines',
  'push_subscriptions',
  'rate_limit_hits',
  'sandbox_transfers',
  'sessions',
  'stored_file_chunks',
  'stored_files',
  'warranties',
  'warranty_claim_messages',
  'warranty_claims',
  'webhook_attempts',
  'webhook_deliveries',
  'webhook_endpoints',
] as const;

/** The channel of the trigger's notifications; the payload is the table's name. */
export const TABLE_CHANGES_CHANNEL = 'ridgeline_table_changed';

const trackedName = new RegExp(`\\b(?:${TRACKED_TABLES.join('|')})\\b`);
const readOnly = /^\s*(?:select|show|explain)\b/i;

/**
 * Whether a statement's text may change a tracked table: anything but a plain read that names one.
 * A false yes costs one wait for the notifications (see read-cache.ts); a false no would let this
 * process serve a cached read from before its own write, so the test errs on the side of yes.
 */
export function mayChangeTrackedTable(text: string): boolean {
  return !readOnly.test(text) && trackedName.test(text);
}
