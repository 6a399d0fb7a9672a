import { projectFileDownloadUrl } from '@domain/projects/project-files';
import { type Project, projectDocumentTypeLabels } from '@domain/projects/schemas';
import { Button } from '@web/components/ui/button';
import { ReceiptLinks } from '@web/features/payments';
import { WarrantyCertificateLink } from '@web/features/warranties';
import { Download, Eye, FileText, Upload } from 'lucide-react';
import { useState } from 'react';
import { DeleteFileButton } from './delete-file-button';
import { FileUploadDialog, type FileUploadDialogTexts } from './file-upload-dialog';
import { formatBytes, formatDate } from './format';
import { JobFileLinks } from './job-file-links';

const uploadTexts: FileUploadDialogTexts = {
  title: 'Upload Document',
  description: 'Contracts, permits, insurance papers: everyone on the project can open them.',
  hint: 'PDF, JPG, PNG up to 20MB each',
  chooseLabel: 'Choose documents',
  submitLabel: 'Upload Document',
  successTitle: 'Document Uploaded',
  noun: { one: 'document', many: 'documents' },
};

export interface DocumentsListProps {
  project: Project;
  /** The homeowner and admins may upload documents (the server decides; this only shows the button). */
  canUpload: boolean;
}

/**
 * The Documents tab (spec 2 §2): names with View and Download, and 'Upload Document'; above them
 * the estimate report and measurement file of the project's quote (issue 23 #7), the receipts of
 * the job's payments (issue 25 #3), and each
 * document's kind (contract, permit, invoice...) when it has one.
 */
export function DocumentsList({ project, canUpload }: DocumentsListProps) {
  const [uploading, setUploading] = useState(false);
  const documents = project.files.filter((f) => f.kind === 'document');

  return (
    <section aria-label="Documents" className="grid gap-4">
      {canUpload ? (
        <div className="flex justify-end">
          <Button onClick={() => setUploading(true)}>
            <Upload aria-hidden="true" />
            Upload Document
          </Button>
        </div>
      ) : null}
      <JobFileLinks project={project} />
      <ReceiptLinks projectId={project.id} />
      {project.status === 'completed' ? <WarrantyCertificateLink projectId={project.id} /> : null}
      {documents.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No documents uploaded yet</p>
      ) : (
        <ul className="divide-y rounded-lg border">
          {documents.map((doc) => (
            <li key={doc.id} className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap">
              <FileText aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium" title={doc.fileName}>
                  {doc.fileName}
                </p>
                <p className="text-xs text-muted-foreground">
                  {doc.documentType ? (
                    <span className="font-semibold text-foreground">
                      {projectDocumentTypeLabels[doc.documentType]} ·{' '}
                    </span>
                  ) : null}
                  {formatBytes(doc.size)} · {formatDate(doc.uploadedAt)}
                </p>
              </div>
              <div className="flex shrink-0 gap-1">
                <Button variant="outline" size="sm" asChild>
                  <a href={doc.url} target="_blank" rel="noopener" aria-label={`View ${doc.fileName}`}>
                    <Eye aria-hidden="true" />
                    View
                  </a>
                </Button>
                <Button variant="outline" size="sm" asChild>
                  <a
                    href={projectFileDownloadUrl(doc)}
                    download={doc.fileName}
                    aria-label={`Download ${doc.fileName}`}
                  >
                    <Download aria-hidden="true" />
                    Download
                  </a>
                </Button>
                <DeleteFileButton projectId={project.id} file={doc} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {canUpload ? (
        <FileUploadDialog
          projectId={project.id}
          kind="document"
          open={uploading}
          onOpenChange={setUploading}
          texts={uploadTexts}
        />
      ) : null}
    </section>
  );
}
