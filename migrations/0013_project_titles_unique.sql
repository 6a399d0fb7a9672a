-- Hand-written (issue 21 #8): a title two projects share (possible before this index, when two
-- admins typed the same one at once) gets '-2', '-3'... on the later ones, so the index can be made.
UPDATE "projects" AS p SET "title" = p."title" || '-' || d.n
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "title" ORDER BY "created_at", "number") AS n
  FROM "projects"
) AS d
WHERE d."id" = p."id" AND d.n > 1;
--> statement-breakpoint
CREATE UNIQUE INDEX "projects_title_key" ON "projects" USING btree ("title");
