import type { ProjectDocumentType } from '@domain/projects/job-file';
import { projectFileUploadRules } from '@domain/projects/project-files';
import type { ProjectFileKind } from '@domain/projects/schemas';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Progress } from '@web/components/ui/progress';
import { errorMessage } from '@web/lib/error-message';
import { UploadAbortedError } from '@web/lib/upload-with-progress';
import { toast } from '@web/lib/use-toast';
import { cn } from '@web/lib/utils';
import { AlertCircle, ImageUp } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useUploadProjectFiles } from '../../api/project-files';
import { ChosenFiles, RefusedFiles } from './chosen-files';
import { DocumentTypeField } from './document-type-field';
import { useChosenFiles } from './use-chosen-files';

export interface FileUploadDialogTexts {
  title: string;
  description: string;
  /** The drop zone's hint, e.g. 'PNG, JPG, GIF up to 10MB each'. */
  hint: string;
  chooseLabel: string;
  submitLabel: string;
  successTitle: string;
  /** 'photo' / 'photos': for 'Uploading 3 photos...'. */
  noun: { one: string; many: string };
}

export interface FileUploadDialogProps {
  projectId: string;
  kind: ProjectFileKind;
  open: boolean;
  onOpenChange(open: boolean): void;
  texts: FileUploadDialogTexts;
}

/**
 * Choosing files (drag and drop, or the file picker by keyboard), previews, the same checks the
 * server makes before any byte is sent, real upload progress, and toasts. Closing the dialog
 * cancels an upload in flight; nothing is kept of a cancelled or refused upload.
 */
export function FileUploadDialog({ projectId, kind, open, onOpenChange, texts }: FileUploadDialogProps) {
  const rule = projectFileUploadRules[kind];
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const { chosen, refused, add: choose, remove, clear } = useChosenFiles(kind);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useUploadProjectFiles(projectId);
  const [documentType, setDocumentType] = useState<ProjectDocumentType>('other');
  const uploading = progress !== null;

  // an upload in flight stops with the dialog (closing it resets, below)
  useEffect(() => () => abortRef.current?.abort(), []);

  function reset() {
    abortRef.current?.abort();
    abortRef.current = null;
    clear();
    setDragging(false);
    setProgress(null);
    setFailure(null);
    setDocumentType('other');
  }

  function changeOpen(next: boolean) {
    if (!next) reset();
    onOpenChange(next);
  }

  async function add(files: File[]) {
    if (uploading || files.length === 0) return;
    setFailure(null);
    await choose(files);
  }

  async function submit() {
    if (chosen.length === 0 || uploading) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setFailure(null);
    setProgress(0);
    try {
      const result = await upload.mutateAsync({
        kind,
        files: chosen.map((c) => c.file),
        ...(kind === 'document' ? { details: { documentType } } : {}),
        onProgress: setProgress,
        signal: controller.signal,
      });
      toast({ title: texts.successTitle, description: result.message });
      abortRef.current = null;
      changeOpen(false);
    } catch (err) {
      if (err instanceof UploadAbortedError) return;
      const message = errorMessage(err, 'The files could not be uploaded. Please try again.');
      setFailure(message);
      setProgress(null);
      toast({ title: 'Error', description: message, variant: 'destructive' });
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void add([...event.dataTransfer.files]);
  }

  const count = chosen.length;
  const noun = count === 1 ? texts.noun.one : texts.noun.many;

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.description}</DialogDescription>
        </DialogHeader>

        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          accept={rule.accept}
          className="sr-only"
          aria-hidden="true"
          tabIndex={-1}
          disabled={uploading}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            void add(files);
          }}
        />
        {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a pointer shortcut; the button inside does the same from the keyboard */}
        <div
          data-testid="file-drop-zone"
          data-dragging={dragging || undefined}
          onDragOver={(e) => {
            e.preventDefault();
            if (!uploading && !dragging) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'grid justify-items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors',
            dragging ? 'border-primary bg-primary/5' : 'border-input bg-muted/40',
            uploading && 'opacity-60',
          )}
        >
          <ImageUp aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="text-sm">
            {dragging ? 'Drop the files to add them' : 'Drag and drop files here, or'}
          </p>
          <Button
            type="button"
            variant="outline"
            onClick={() => inputRef.current?.click()}
            disabled={uploading}
            aria-describedby={hintId}
          >
            {texts.chooseLabel}
          </Button>
          <p id={hintId} className="text-xs text-muted-foreground">
            {texts.hint}
          </p>
        </div>

        {kind === 'document' ? (
          <DocumentTypeField value={documentType} onChange={setDocumentType} disabled={uploading} />
        ) : null}

        <RefusedFiles refused={refused} />

        <ChosenFiles chosen={chosen} uploading={uploading} onRemove={remove} />

        {uploading ? (
          <div className="grid gap-1.5" aria-live="polite">
            <div className="flex justify-between text-sm">
              <span>
                Uploading {count} {noun}...
              </span>
              <span>{progress}%</span>
            </div>
            <Progress value={progress} aria-label="Upload progress" />
          </div>
        ) : null}

        {failure ? (
          <Alert variant="destructive" className="flex items-start gap-2">
            <AlertCircle aria-hidden="true" className="mt-0.5 shrink-0" />
            <span>{failure}</span>
          </Alert>
        ) : null}

        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
            Cancel
          </Button>
          <Button type="button" onClick={() => void submit()} disabled={count === 0 || uploading}>
            {uploading ? 'Uploading...' : texts.submitLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
