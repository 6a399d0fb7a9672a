import {
  CONTRACTOR_DOCUMENT_ACCEPT,
  CONTRACTOR_DOCUMENT_MAX_BYTES,
  type ContractorDocumentKind,
  contractorDocumentMessages,
  contractorDocumentUrl,
} from '@domain/contractors/contractor-documents';
import { Field } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Progress } from '@web/components/ui/progress';
import { errorMessage } from '@web/lib/error-message';
import { UploadAbortedError } from '@web/lib/upload-with-progress';
import { FileText, Upload, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { uploadContractorDocument } from '../api/upload-document';

export interface UploadedDocument {
  documentId?: string;
  fileName?: string;
}

const ALLOWED_EXTENSIONS = /\.(pdf|jpe?g|png)$/i;

/** What the browser can tell before sending: the name's extension and the size (the server checks the content). */
export function precheckDocument(file: File): string | null {
  if (!ALLOWED_EXTENSIONS.test(file.name)) return contractorDocumentMessages.type;
  if (file.size > CONTRACTOR_DOCUMENT_MAX_BYTES) return contractorDocumentMessages.tooLarge;
  return null;
}

/**
 * A licence or certificate upload (pdf, jpg, jpeg, png; 10 MB): the file is sent as soon as it
 * is chosen, with its progress, and the stored document's id and name go into the form.
 */
export function DocumentUpload({
  id,
  label,
  kind,
  state,
  value,
  onChange,
  onUploadingChange,
}: {
  id: string;
  label: string;
  kind: ContractorDocumentKind;
  /** A licence's working state. */
  state?: string;
  value: UploadedDocument;
  onChange: (next: UploadedDocument) => void;
  /** Lets the step hold its Save button while a file is on its way. */
  onUploadingChange?: (uploading: boolean) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uploading = progress !== null;

  useEffect(() => () => abortRef.current?.abort(), []);
  useEffect(() => {
    onUploadingChange?.(uploading);
  }, [uploading, onUploadingChange]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const problem = precheckDocument(file);
    if (problem) {
      setError(problem);
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress(0);
    try {
      const doc = await uploadContractorDocument(
        { kind, state, file },
        { onProgress: setProgress, signal: controller.signal },
      );
      onChange({ documentId: doc.id, fileName: doc.fileName });
    } catch (e) {
      if (!(e instanceof UploadAbortedError))
        setError(errorMessage(e, 'The upload failed. Please try again.'));
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
      setProgress(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return (
    <Field
      id={id}
      label={label}
      description={`PDF, JPG, JPEG or PNG, up to 10 MB.${value.fileName ? ' Choose another file to replace it.' : ''}`}
      error={error ?? undefined}
      className="min-w-0 grid-cols-1"
    >
      {(control) => (
        <>
          {value.fileName ? (
            <div className="flex min-w-0 flex-wrap items-center gap-2 rounded-md border bg-secondary/40 px-3 py-2 text-sm">
              <FileText aria-hidden="true" className="size-4 shrink-0 text-primary" />
              {value.documentId ? (
                <a
                  href={contractorDocumentUrl(value.documentId)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="relative min-w-0 flex-1 truncate text-primary underline-offset-4 hover:underline"
                >
                  {value.fileName}
                  <span className="sr-only"> (uploaded; opens in a new tab)</span>
                </a>
              ) : (
                <span className="min-w-0 flex-1 truncate">{value.fileName}</span>
              )}
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => onChange({})}
                aria-label={`Remove ${value.fileName}`}
              >
                <X aria-hidden="true" />
                Remove
              </Button>
            </div>
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            <input
              {...control}
              ref={inputRef}
              type="file"
              accept={CONTRACTOR_DOCUMENT_ACCEPT}
              disabled={uploading}
              onChange={(e) => void choose(e.target.files?.[0])}
              className="block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-secondary focus-visible:outline-2 focus-visible:outline-ring sm:w-auto"
            />
          </div>
          {uploading ? (
            <div className="grid gap-1" role="status">
              <Progress value={progress} aria-label={`Uploading ${label}`} />
              <p className="flex items-center gap-1 text-xs text-muted-foreground">
                <Upload aria-hidden="true" className="size-3" />
                Uploading... {progress}%
              </p>
            </div>
          ) : null}
        </>
      )}
    </Field>
  );
}
