ALTER TABLE "mail_outbox" ADD COLUMN "sealed_secrets" text;--> statement-breakpoint
-- hand-written: links already stored in plain text are hidden (confirm, claim, set-password and signed report links)
UPDATE "mail_outbox" SET
  "text" = regexp_replace("text", 'https?://[^[:space:]"<>]*/api/(auth/(confirm-email|claim-account)\?token=|reports/)[^[:space:]"<>]*', '[link hidden: only in the mail sent]', 'g'),
  "html" = regexp_replace("html", 'https?://[^[:space:]"<>]*/api/(auth/(confirm-email|claim-account)\?token=|reports/)[^[:space:]"<>]*', '[link hidden: only in the mail sent]', 'g')
WHERE "text" ~ '/api/(auth/(confirm-email|claim-account)\?token=|reports/)';--> statement-breakpoint
-- hand-written: unused confirm, claim and set-password links live 24 hours from now on
UPDATE "email_tokens" SET "expires_at" = least("expires_at", "created_at" + interval '24 hours')
WHERE "used_at" IS NULL AND "purpose" IN ('confirm_email', 'claim_account', 'set_password');
