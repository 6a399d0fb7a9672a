-- Rate-limit counters need no write-ahead log: a hit costs no WAL record and its commit no flush.
-- After a crash PostgreSQL empties an unlogged table, which forgets windows of a few minutes.
ALTER TABLE "rate_limit_hits" SET UNLOGGED;
