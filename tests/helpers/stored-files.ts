import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, isNotNull, like } from 'drizzle-orm';
import { storedFiles } from '../../src/server/platform/db/schema';
import type { Platform } from '../../src/server/platform/platform';
import { localFilesDir } from '../../src/server/platform/storage/create-file-storage';

/**
 * The keys of the files stored directly under `folder` (e.g. `projects/<id>`), wherever the
 * platform stores files: local disk on PGlite, PostgreSQL on a server.
 */
export async function storedKeysIn(platform: Platform, folder: string): Promise<string[]> {
  if (platform.database.kind === 'postgres') {
    const rows = await platform.db
      .select({ key: storedFiles.key })
      .from(storedFiles)
      .where(and(isNotNull(storedFiles.key), like(storedFiles.key, `${folder}/%`)));
    return rows.map((r) => r.key as string).filter((k) => !k.slice(folder.length + 1).includes('/'));
  }
  const dir = path.join(localFilesDir(platform.config.dataDir), folder);
  return existsSync(dir) ? readdirSync(dir).map((name) => `${folder}/${name}`) : [];
}
