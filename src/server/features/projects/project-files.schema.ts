/** A project's files (documents and photos), with the enums only they use; the projects feature owns them. */
import { index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projectDocumentTypes, projectFileKinds } from '../../../domain/projects/schemas';
import { workflowStepKeys } from '../../../domain/projects/workflow-steps';
import { createdAt, id, ts } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';
import { projects } from './projects.schema';

/** The kinds a project file may have; the table also knows 'signature', which no call makes yet. */
export const projectFileKind = pgEnum('project_file_kind', [...projectFileKinds, 'signature']);
export const projectDocumentType = pgEnum('project_document_type', projectDocumentTypes);
/** The contractor dashboard's six steps (a photo's step in the photo log). */
export const workflowStep = pgEnum('workflow_step', workflowStepKeys);

export const projectFiles = pgTable(
  'project_files',
  {
    id: id(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: projectFileKind().notNull(),
    /** A document's kind (contract, permit, invoice, warranty, inspection, other); null for images. */
    documentType: projectDocumentType(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    storageKey: text().notNull(),
    /** A small JPEG beside an image (null for documents). */
    thumbnailKey: text(),
    /** The workflow step a photo or image shows (the photo log), and its one-line caption. */
    step: workflowStep(),
    caption: text(),
    /**
     * The id the uploading device gave the file (issue 27: an offline queue's retry, a resumed
     * upload): a project holds one file per client id, so a retried upload never stores twice.
     */
    clientId: uuid(),
    /** When the photo was taken (EXIF DateTimeOriginal or the file's date, from the device). */
    capturedAt: ts(),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('project_files_project_kind_idx').on(t.projectId, t.kind, t.createdAt),
    uniqueIndex('project_files_project_client_id_idx').on(t.projectId, t.clientId),
  ],
);
