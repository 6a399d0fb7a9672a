import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/index';
import { quotes, uploads } from '../../platform/db/schema';

export type UploadRow = typeof uploads.$inferSelect;

/** The sketch and measurement files of quotes (the uploads table). */
export function createUploadsRepo(db: Db) {
  return {
    async insertUpload(values: typeof uploads.$inferInsert): Promise<UploadRow> {
      const [row] = await db.insert(uploads).values(values).returning();
      if (!row) throw new Error('upload insert returned nothing');
      return row;
    },

    async findUploadByToken(kind: string, publicToken: string): Promise<UploadRow | undefined> {
      const [row] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.publicToken, publicToken), eq(uploads.kind, kind)))
        .limit(1);
      return row;
    },

    /** The sketch or measurement file a quote uses, if any. */
    async findQuoteSketch(quoteId: string): Promise<UploadRow | undefined> {
      const [row] = await db
        .select({ upload: uploads })
        .from(quotes)
        .innerJoin(uploads, eq(uploads.id, quotes.sketchUploadId))
        .where(eq(quotes.id, quoteId))
        .limit(1);
      return row?.upload;
    },

    /**
     * An admin's measurement file, stored, becomes the quote's sketch file in one transaction: it
     * replaces an earlier typed measurement (the estimates feature then queues a new report run).
     */
    async attachMeasurementFile(
      quoteId: string,
      file: typeof uploads.$inferInsert & { publicToken: string; publicUrl: string; source: string },
    ): Promise<void> {
      const { publicUrl, source, ...upload } = file;
      await db.transaction(async (tx) => {
        const [row] = await tx.insert(uploads).values(upload).returning({ id: uploads.id });
        if (!row) throw new Error('upload insert returned nothing');
        await tx
          .update(quotes)
          .set({
            sketchUploadId: row.id,
            sketchFileName: upload.fileName,
            sketchFileSize: upload.size,
            sketchFileUrl: publicUrl,
            measurementFileSource: source,
            // a parsed file replaces an earlier typed measurement
            measurement: null,
            updatedAt: new Date(),
          })
          .where(eq(quotes.id, quoteId));
      });
    },
  };
}

export type UploadsRepo = ReturnType<typeof createUploadsRepo>;
