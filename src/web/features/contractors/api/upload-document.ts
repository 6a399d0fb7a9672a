import type { ContractorDocument, ContractorDocumentKind } from '@domain/contractors/contractor-documents';
import { uploadWithProgress } from '@web/lib/upload-with-progress';

/**
 * POST /api/contractor/documents (multipart: kind, state for a licence, one file in `file`),
 * with real upload progress. The server checks the type by content (415) and the size (413).
 */
export function uploadContractorDocument(
  input: { kind: ContractorDocumentKind; state?: string; file: File },
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<ContractorDocument> {
  const body = new FormData();
  body.append('kind', input.kind);
  if (input.state) body.append('state', input.state);
  body.append('file', input.file, input.file.name);
  return uploadWithProgress<ContractorDocument>('/api/contractor/documents', body, options).promise;
}
