import type { MeasurementSummary } from '@domain/quotes/quote-calls';
import {
  checkSketchFile,
  checkSketchMatchesSource,
  SKETCH_ACCEPT,
  sketchMessages,
} from '@domain/quotes/sketch-file';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/error-message';
import { UploadAbortedError } from '@web/lib/upload-with-progress';
import { toast } from '@web/lib/use-toast';
import { cn } from '@web/lib/utils';
import { AlertCircle, CheckCircle2, FileUp, RefreshCw, Trash2, X } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { type UploadHandle, uploadSketch } from '../api/upload-sketch';

export interface SketchValue {
  url: string;
  name: string;
  size: number;
  /** What the server read from a measurement file (null: not read; undefined: a server that does not say). */
  measurement?: MeasurementSummary | null;
}

type UploadState =
  | { kind: 'idle' }
  | { kind: 'dragging' }
  | { kind: 'uploading'; name: string; percent: number }
  | { kind: 'uploaded' }
  | { kind: 'failed'; message: string };

interface SketchUploadProps {
  /** The chosen measurement file source; the server checks the file against it. */
  source: string;
  value: SketchValue | null;
  onChange: (value: SketchValue | null) => void;
  /** The form's message for this field (missing file, file of another source). */
  error?: string;
  disabled?: boolean;
  /** The order's street and ZIP code as typed, sent with the file (the server compares the file's address). */
  property?: { streetAddress: string; zipCode: string };
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/**
 * The sketch (measurement) file: idle, dragging, uploading (real progress), uploaded (remove or
 * replace) and failed (the file is cleared). Name and size are checked before any upload.
 */
export function SketchUpload({ source, value, onChange, error, disabled, property }: SketchUploadProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const uploadRef = useRef<UploadHandle | null>(null);
  const [state, setState] = useState<UploadState>(value ? { kind: 'uploaded' } : { kind: 'idle' });

  useEffect(() => () => uploadRef.current?.abort(), []);
  useEffect(() => {
    if (value && state.kind === 'idle') setState({ kind: 'uploaded' });
  }, [value, state.kind]);

  function fail(message: string) {
    onChange(null);
    if (inputRef.current) inputRef.current.value = '';
    setState({ kind: 'failed', message });
    toast({ title: sketchMessages.uploadFailed, description: message, variant: 'destructive' });
  }

  async function start(file: File) {
    const check = checkSketchFile(file.name, file.size);
    if (!check.ok) return fail(check.message);
    const mismatch = checkSketchMatchesSource(source, file.name);
    if (mismatch) return fail(mismatch);
    uploadRef.current?.abort();
    setState({ kind: 'uploading', name: file.name, percent: 0 });
    const handle = uploadSketch(
      file,
      source,
      (percent) => setState((s) => (s.kind === 'uploading' ? { ...s, percent } : s)),
      property,
    );
    uploadRef.current = handle;
    try {
      const uploaded = await handle.promise;
      if (uploadRef.current !== handle) return;
      onChange({
        url: uploaded.publicUrl,
        name: uploaded.fileName,
        size: uploaded.size,
        measurement: uploaded.measurement ?? null,
      });
      setState({ kind: 'uploaded' });
      toast({ title: sketchMessages.uploaded, description: uploaded.fileName });
    } catch (err) {
      if (uploadRef.current !== handle) return;
      if (err instanceof UploadAbortedError) {
        setState(value ? { kind: 'uploaded' } : { kind: 'idle' });
        return;
      }
      fail(errorMessage(err, 'The file could not be uploaded. Please try again.'));
    } finally {
      if (uploadRef.current === handle) uploadRef.current = null;
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    if (disabled) return;
    const file = event.dataTransfer.files[0];
    setState(value ? { kind: 'uploaded' } : { kind: 'idle' });
    if (file) void start(file);
  }

  const browse = () => inputRef.current?.click();
  const remove = () => {
    onChange(null);
    setState({ kind: 'idle' });
  };

  const uploading = state.kind === 'uploading';
  return (
    <div className="grid gap-2">
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={SKETCH_ACCEPT}
        className="sr-only"
        aria-hidden="true"
        tabIndex={-1}
        disabled={disabled || uploading}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void start(file);
        }}
      />
      {value && state.kind !== 'uploading' ? (
        <div
          className={cn(
            'flex flex-wrap items-center gap-3 rounded-lg border bg-card p-4',
            error ? 'border-destructive' : 'border-success/50',
          )}
          data-state="uploaded"
        >
          <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-success" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{value.name}</p>
            <p className="text-xs text-muted-foreground">{formatBytes(value.size)} uploaded</p>
          </div>
          <div className="flex gap-2">
            <Button type="button" variant="outline" size="sm" onClick={browse} disabled={disabled}>
              <RefreshCw aria-hidden="true" /> Replace
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={remove} disabled={disabled}>
              <Trash2 aria-hidden="true" /> Remove
            </Button>
          </div>
        </div>
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a pointer shortcut; the Choose file button inside does the same from the keyboard
        <div
          data-state={state.kind}
          onDragOver={(e) => {
            e.preventDefault();
            if (!disabled && !uploading && state.kind !== 'dragging') setState({ kind: 'dragging' });
          }}
          onDragLeave={() => setState((s) => (s.kind === 'dragging' ? { kind: 'idle' } : s))}
          onDrop={onDrop}
          className={cn(
            'grid justify-items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center transition-colors',
            state.kind === 'dragging' ? 'border-primary bg-primary/5' : 'border-input bg-muted/40',
            (error || state.kind === 'failed') && 'border-destructive/60',
          )}
        >
          {uploading ? (
            <div className="grid w-full max-w-sm gap-2" aria-live="polite">
              <p className="truncate text-sm font-medium">Uploading {state.name}...</p>
              <div
                role="progressbar"
                aria-label="Upload progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={state.percent}
                className="h-2 w-full overflow-hidden rounded-full bg-secondary"
              >
                <div className="h-full bg-primary transition-all" style={{ width: `${state.percent}%` }} />
              </div>
              <div className="flex items-center justify-between text-xs text-muted-foreground">
                <span>{state.percent}%</span>
                <Button type="button" variant="ghost" size="sm" onClick={() => uploadRef.current?.abort()}>
                  <X aria-hidden="true" /> Cancel
                </Button>
              </div>
            </div>
          ) : (
            <>
              <FileUp aria-hidden="true" className="size-8 text-muted-foreground" />
              <p className="text-sm">
                {state.kind === 'dragging'
                  ? 'Drop the file to upload it'
                  : 'Drag and drop your sketch file here, or'}
              </p>
              <Button
                type="button"
                variant="outline"
                onClick={browse}
                disabled={disabled}
                id={`${inputId}-browse`}
              >
                Choose file
              </Button>
              <p className="text-xs text-muted-foreground">.json, .xml or .csv, up to 5MB</p>
            </>
          )}
        </div>
      )}
      {state.kind === 'failed' ? (
        <p className="flex items-start gap-1.5 text-sm font-medium text-destructive" role="alert">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {sketchMessages.uploadFailed}: {state.message}
          </span>
        </p>
      ) : null}
      {error && state.kind !== 'failed' ? (
        <p className="text-sm font-medium text-destructive">{error}</p>
      ) : null}
    </div>
  );
}
