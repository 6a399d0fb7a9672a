import { projectFileThumbnailUrl, projectFileUrl } from '../../../domain/projects/project-files';
import type { ProjectFile } from '../../../domain/projects/schemas';
import type { ProjectFileRow } from './project-files.repo';

/** A stored project file as the API answers it: its addresses made from ids, its times as ISO text. */
export function toProjectFile(row: ProjectFileRow): ProjectFile {
  return {
    id: row.id,
    kind: row.kind,
    documentType: row.documentType,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    url: projectFileUrl(row.projectId, row.id),
    thumbnailUrl: row.thumbnailKey ? projectFileThumbnailUrl(row.projectId, row.id) : null,
    uploadedAt: row.createdAt.toISOString(),
    uploadedBy: row.uploadedBy,
    step: row.step,
    caption: row.caption,
    capturedAt: row.capturedAt ? row.capturedAt.toISOString() : null,
  };
}
