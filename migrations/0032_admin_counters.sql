CREATE TABLE "admin_counter_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
-- The admin dashboard's figures kept exact by the database (issue 26 #2, decision 009). Each counted
-- table has a function giving, for one row, the keys it counts for and by how much (a count 1, or
-- cents); a statement-level trigger appends a statement's net change per key to
-- admin_counter_deltas (insert only: concurrent writers never wait on a counter row); the
-- admin.counters-fold job moves deltas into admin_counters; GET /api/admin/summary adds the two.
CREATE FUNCTION admin_counter_keys_projects(r projects) RETURNS TABLE (k text, v bigint) LANGUAGE sql IMMUTABLE AS $$
  SELECT t.k, t.v FROM (VALUES
    ('projects.total', 1::bigint),
    ('projects.status.' || r.status::text, 1),
    ('projects.pending_unassigned', CASE WHEN r.status = 'pending' AND r.contractor_id IS NULL THEN 1 ELSE 0 END),
    ('projects.assigned', CASE WHEN r.contractor_id IS NOT NULL THEN 1 ELSE 0 END),
    ('projects.completed_revenue_cents', CASE WHEN r.status = 'completed' THEN coalesce(r.final_cost, r.estimated_cost, 0) ELSE 0 END),
    ('projects.pipeline_cents', CASE WHEN r.status = 'in_progress' THEN coalesce(r.estimated_cost, 0) ELSE 0 END)
  ) AS t(k, v) WHERE t.v <> 0
$$;--> statement-breakpoint
CREATE FUNCTION admin_counter_keys_contractor_profiles(r contractor_profiles) RETURNS TABLE (k text, v bigint) LANGUAGE sql IMMUTABLE AS $$
  SELECT t.k, t.v FROM (VALUES
    ('contractor_profiles.total', 1::bigint),
    ('contractor_profiles.status.' || r.verification_status::text, 1),
    ('contractor_profiles.available', CASE WHEN r.is_available THEN 1 ELSE 0 END)
  ) AS t(k, v) WHERE t.v <> 0
$$;--> statement-breakpoint
CREATE FUNCTION admin_counter_keys_users(r users) RETURNS TABLE (k text, v bigint) LANGUAGE sql IMMUTABLE AS $$
  SELECT t.k, t.v FROM (VALUES ('users.total', 1::bigint), ('users.type.' || r.user_type::text, 1)) AS t(k, v)
$$;--> statement-breakpoint
CREATE FUNCTION admin_counter_keys_quotes(r quotes) RETURNS TABLE (k text, v bigint) LANGUAGE sql IMMUTABLE AS $$
  SELECT t.k, t.v FROM (VALUES
    ('quotes.total', 1::bigint),
    -- the report queue: submitted, and waiting for measurements, failed, or answered by a preliminary report
    ('quotes.report_queue', CASE WHEN r.status = 'submitted' AND (r.report_status IN ('awaiting_measurements', 'failed')
      OR (r.report_basis = 'preliminary' AND r.report_status = 'ready')) THEN 1 ELSE 0 END)
  ) AS t(k, v) WHERE t.v <> 0
$$;--> statement-breakpoint
CREATE FUNCTION admin_counter_keys_install_requests(r install_requests) RETURNS TABLE (k text, v bigint) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'install_requests.total', 1::bigint
$$;--> statement-breakpoint
CREATE FUNCTION admin_counter_keys_contact_messages(r contact_messages) RETURNS TABLE (k text, v bigint) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'contact_messages.total', 1::bigint
$$;--> statement-breakpoint
CREATE FUNCTION admin_counter_keys_mail_outbox(r mail_outbox) RETURNS TABLE (k text, v bigint) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'mail_outbox.total', 1::bigint
$$;--> statement-breakpoint
CREATE FUNCTION admin_counter_keys_discount_codes(r discount_codes) RETURNS TABLE (k text, v bigint) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'discount_codes.total', 1::bigint
$$;--> statement-breakpoint
CREATE FUNCTION admin_counter_keys_contractor_bank_changes(r contractor_bank_changes) RETURNS TABLE (k text, v bigint) LANGUAGE sql IMMUTABLE AS $$
  SELECT t.k, t.v FROM (VALUES
    ('contractor_bank_changes.pending', CASE WHEN r.status = 'pending' THEN 1::bigint ELSE 0 END)
  ) AS t(k, v) WHERE t.v <> 0
$$;--> statement-breakpoint
CREATE FUNCTION admin_counter_keys_payout_ledger(r payout_ledger) RETURNS TABLE (k text, v bigint) LANGUAGE sql IMMUTABLE AS $$
  SELECT t.k, t.v FROM (VALUES ('payout_ledger.gross_cents', r.gross_cents::bigint)) AS t(k, v) WHERE t.v <> 0
$$;--> statement-breakpoint
CREATE FUNCTION admin_counter_keys_payout_refunds(r payout_refunds) RETURNS TABLE (k text, v bigint) LANGUAGE sql IMMUTABLE AS $$
  SELECT t.k, t.v FROM (VALUES ('payout_refunds.amount_cents', r.amount_cents::bigint)) AS t(k, v) WHERE t.v <> 0
$$;--> statement-breakpoint
-- One trigger function for every counted table: the statement's rows (transition tables), counted
-- by the table's key function, new minus old, one delta row per key that moved.
CREATE FUNCTION admin_counters_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys text := 'admin_counter_keys_' || TG_TABLE_NAME;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM admin_counter_deltas WHERE key LIKE TG_TABLE_NAME || '.%';
    DELETE FROM admin_counters WHERE key LIKE TG_TABLE_NAME || '.%';
  ELSIF TG_OP = 'INSERT' THEN
    EXECUTE format('INSERT INTO admin_counter_deltas (key, n) SELECT c.k, sum(c.v) FROM new_rows r
      CROSS JOIN LATERAL %I(r) c GROUP BY c.k', keys);
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('INSERT INTO admin_counter_deltas (key, n) SELECT c.k, -sum(c.v) FROM old_rows r
      CROSS JOIN LATERAL %I(r) c GROUP BY c.k', keys);
  ELSE
    EXECUTE format('INSERT INTO admin_counter_deltas (key, n) SELECT d.k, sum(d.v) FROM (
        SELECT c.k, c.v FROM new_rows r CROSS JOIN LATERAL %1$I(r) c
        UNION ALL SELECT c.k, -c.v FROM old_rows r CROSS JOIN LATERAL %1$I(r) c
      ) d GROUP BY d.k HAVING sum(d.v) <> 0', keys);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Every count again from the rows: the backfill below, and after a load with triggers disabled
-- (npm run seed:scale as a superuser uses session_replication_role = replica).
CREATE FUNCTION admin_counters_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t text;
BEGIN
  DELETE FROM admin_counter_deltas;
  DELETE FROM admin_counters;
  FOREACH t IN ARRAY ARRAY['projects', 'contractor_profiles', 'users', 'quotes', 'install_requests',
      'contact_messages', 'mail_outbox', 'discount_codes', 'contractor_bank_changes', 'payout_ledger',
      'payout_refunds'] LOOP
    EXECUTE format('INSERT INTO admin_counters (key, n) SELECT c.k, sum(c.v) FROM %1$I r
      CROSS JOIN LATERAL %2$I(r) c GROUP BY c.k', t, 'admin_counter_keys_' || t);
  END LOOP;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['projects', 'contractor_profiles', 'users', 'quotes', 'install_requests',
      'contact_messages', 'mail_outbox', 'discount_codes', 'contractor_bank_changes', 'payout_ledger',
      'payout_refunds'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION admin_counters_changed()', t || '_counted_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION admin_counters_changed()', t || '_counted_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION admin_counters_changed()', t || '_counted_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION admin_counters_changed()', t || '_counted_truncate', t);
  END LOOP;
END
$$;--> statement-breakpoint
SELECT admin_counters_rebuild();--> statement-breakpoint
-- read through the per-process read cache (the admin lists' totals, the summary): announced like
-- every tracked table (migration 0010)
CREATE TRIGGER "admin_counter_deltas_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "admin_counter_deltas" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();--> statement-breakpoint
CREATE TRIGGER "admin_counters_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "admin_counters" FOR EACH STATEMENT EXECUTE FUNCTION ridgeline_table_changed();
