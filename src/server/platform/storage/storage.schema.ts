/**
 * Files in PostgreSQL (the store used with DATABASE_URL, pg-file-storage.ts): a header row per
 * stored file and its bytes in chunks. A file being written has no key yet; the write ends by
 * giving it its key in one transaction, so a reader never sees half a file.
 */
import { bigint, customType, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../db/columns';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres gives a Buffer, PGlite a Uint8Array
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

export const storedFiles = pgTable(
  'stored_files',
  {
    id: id(),
    /** Null while the file is being written (and for a write a crash cut short). */
    key: text().unique(),
    size: bigint({ mode: 'number' }).notNull(),
    chunks: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('stored_files_created_idx').on(t.createdAt)],
);

export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    fileId: uuid()
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    data: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);
