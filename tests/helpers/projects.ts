import { projects } from '../../src/server/platform/db/schema';
import type { Platform } from '../../src/server/platform/platform';

type ProjectValues = typeof projects.$inferInsert;

/**
 * A project row written straight to the database (no workflow, no notices), for tests that need
 * one to exist: a unique SWRX title and a Plano, TX address unless `values` say otherwise.
 */
export async function insertProject(
  platform: Pick<Platform, 'db'>,
  values: Omit<ProjectValues, 'title' | 'address'> & Partial<Pick<ProjectValues, 'title' | 'address'>>,
): Promise<string> {
  const [row] = await platform.db
    .insert(projects)
    .values({
      title: `SWRX-2026-${crypto.randomUUID().slice(0, 8)}`,
      address: '815 Elm St',
      city: 'Plano',
      state: 'TX',
      zipCode: '75074',
      ...values,
    })
    .returning({ id: projects.id });
  if (!row) throw new Error('project insert failed');
  return row.id;
}
