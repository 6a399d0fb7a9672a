import type { ProjectDocumentType } from '@domain/projects/job-file';
import { projectFileUploadRules } from '@domain/projects/project-files';
import type { ProjectFile, ProjectFileKind } from '@domain/projects/schemas';
import type { WorkflowStepKey } from '@domain/projects/workflow-steps';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { uploadWithProgress } from '@web/lib/upload-with-progress';
import { projectKeys } from './project-keys';

/** A photo upload's place in the photo log: its workflow step, and a caption per file (in order). */
export interface PhotoDetails {
  step?: WorkflowStepKey | null;
  captions?: readonly string[];
  /** Each photo's capture time (ISO), read on the device before resizing dropped its EXIF. */
  capturedAts?: readonly (string | null)[];
  /** What the documents of this upload are (the job file: contract, permit, invoice...). */
  documentType?: ProjectDocumentType | null;
}

export interface ProjectFilesUploaded {
  files: ProjectFile[];
  message: string;
}

/**
 * POST /api/projects/{id}/photos | documents | images (multipart, one or more files in the
 * kind's field), with real progress from XMLHttpRequest's upload events (fetch has none).
 * Errors reject like api-client's (`${status}: ${body}`); an abort rejects with UploadAbortedError.
 */
export function uploadProjectFiles(
  projectId: string,
  kind: ProjectFileKind,
  files: readonly File[],
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal; details?: PhotoDetails } = {},
): Promise<ProjectFilesUploaded> {
  const rule = projectFileUploadRules[kind];
  const body = new FormData();
  // the photo log's step and captions go before the files they describe (the server reads in order)
  const { step, captions, capturedAts, documentType } = options.details ?? {};
  if (step && kind !== 'document') body.append('step', step);
  if (documentType && kind === 'document') body.append('documentType', documentType);
  files.forEach((file, i) => {
    if (captions && kind !== 'document') body.append('caption', captions[i] ?? '');
    const capturedAt = capturedAts?.[i];
    if (capturedAt && kind !== 'document') body.append('capturedAt', capturedAt);
    body.append(rule.field, file, file.name);
  });
  return uploadWithProgress<ProjectFilesUploaded>(
    `/api/projects/${encodeURIComponent(projectId)}/${rule.path}`,
    body,
    options,
  ).promise;
}

/** GET /api/projects/{id}/files: the project's files in upload order. */
export function projectFilesQuery(projectId: string) {
  return queryOptions({
    queryKey: projectKeys.files(projectId),
    queryFn: () => apiJson<ProjectFile[]>('GET', `/api/projects/${encodeURIComponent(projectId)}/files`),
  });
}

/** After a change of a project's files: the project (its files with it) and every list showing it. */
function useRefreshProject() {
  const queryClient = useQueryClient();
  return (projectId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
      queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
    ]);
}

export interface UploadProjectFilesVariables {
  kind: ProjectFileKind;
  files: readonly File[];
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  details?: PhotoDetails;
}

/** Uploads files to a project, then refreshes the project and the project lists. */
export function useUploadProjectFiles(projectId: string) {
  const refresh = useRefreshProject();
  return useMutation({
    mutationFn: ({ kind, files, onProgress, signal, details }: UploadProjectFilesVariables) =>
      uploadProjectFiles(projectId, kind, files, { onProgress, signal, details }),
    onSuccess: () => refresh(projectId),
  });
}

/** DELETE /api/projects/{id}/files/{fileId} (its uploader or an admin). */
export function deleteProjectFile(projectId: string, fileId: string): Promise<{ message: string }> {
  return apiJson<{ message: string }>(
    'DELETE',
    `/api/projects/${encodeURIComponent(projectId)}/files/${encodeURIComponent(fileId)}`,
  );
}

export function useDeleteProjectFile(projectId: string) {
  const refresh = useRefreshProject();
  return useMutation({
    mutationFn: (fileId: string) => deleteProjectFile(projectId, fileId),
    onSuccess: () => refresh(projectId),
  });
}
