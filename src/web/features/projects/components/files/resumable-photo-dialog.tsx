import { checkChosenFile } from '@domain/projects/project-files';
import type { Project } from '@domain/projects/schemas';
import { MAX_FILES_PER_UPLOAD, projectFileMessages } from '@domain/projects/schemas';
import { useQueryClient } from '@tanstack/react-query';
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
import { useAuth } from '@web/lib/use-auth';
import { toast } from '@web/lib/use-toast';
import { AlertCircle, ImageUp } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { preparePhoto } from '../../api/prepare-photo';
import { projectKeys } from '../../api/project-keys';
import { queuePhotos } from '../../api/queued-changes';
import { uploadPhotoResumable } from '../../api/resumable-upload';

type PhotoState =
  | { kind: 'waiting' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

interface Photo {
  clientId: string;
  file: File;
  state: PhotoState;
}

export interface ResumablePhotoDialogProps {
  projectId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

function stateText(state: PhotoState): string {
  switch (state.kind) {
    case 'waiting':
      return 'Waiting';
    case 'uploading':
      return `Uploading ${state.percent}%`;
    case 'done':
      return 'Done';
    case 'failed':
      return 'Failed';
  }
}

const percentOf = (s: PhotoState) => (s.kind === 'done' ? 100 : s.kind === 'uploading' ? s.percent : 0);

/**
 * 'Upload Installation Photos' on a weak signal (issue 27 item 3): the phone's camera opens from
 * the picker, each photo is resized on the device and sent on its own resumable upload, with its
 * own progress bar and state; a failed one can be retried alone, and one sent twice is stored once
 * (its clientId). Loaded with the dialog, so the upload code costs the page nothing until then.
 */
export default function ResumablePhotoDialog({ projectId, open, onOpenChange }: ResumablePhotoDialogProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const abortRef = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => () => abortRef.current?.abort(), []);

  const update = (clientId: string, state: PhotoState) =>
    setPhotos((list) => list.map((p) => (p.clientId === clientId ? { ...p, state } : p)));

  function changeOpen(next: boolean) {
    if (!next) {
      abortRef.current?.abort();
      abortRef.current = null;
      setPhotos([]);
      setRefused([]);
      setBusy(false);
    }
    onOpenChange(next);
  }

  function add(files: File[]) {
    const problems: string[] = [];
    const added: Photo[] = [];
    for (const file of files) {
      const problem =
        photos.length + added.length >= MAX_FILES_PER_UPLOAD
          ? projectFileMessages.tooMany
          : file.type.startsWith('image/')
            ? null
            : checkChosenFile('install_photo', { name: file.name, size: file.size });
      if (problem) problems.push(`${file.name}: ${problem}`);
      else added.push({ clientId: crypto.randomUUID(), file, state: { kind: 'waiting' } });
    }
    setPhotos((list) => [...list, ...added]);
    setRefused(problems);
  }

  async function sendOne(photo: Photo, signal: AbortSignal): Promise<boolean> {
    update(photo.clientId, { kind: 'uploading', percent: 0 });
    try {
      const prepared = await preparePhoto(photo.file);
      await uploadPhotoResumable({
        projectId,
        file: prepared.blob,
        fileName: prepared.fileName,
        clientId: photo.clientId,
        capturedAt: prepared.capturedAt,
        signal,
        onProgress: (sent, total) =>
          update(photo.clientId, {
            kind: 'uploading',
            percent: total > 0 ? Math.floor((sent / total) * 100) : 0,
          }),
      });
      update(photo.clientId, { kind: 'done' });
      return true;
    } catch (err) {
      if (err instanceof UploadAbortedError) return false;
      const message = errorMessage(err, 'The photo could not be uploaded.');
      update(photo.clientId, { kind: 'failed', message });
      return false;
    }
  }

  /** Offline: the photos wait on the device (resized, under their clientIds) and go when the signal returns. */
  async function keep(which: Photo[]) {
    const project = queryClient.getQueryData<Project>(projectKeys.detail(projectId));
    if (!user) return;
    setBusy(true);
    const prepared = await Promise.all(which.map((p) => preparePhoto(p.file)));
    await queuePhotos(
      user,
      { id: projectId, title: project?.title ?? 'this project' },
      prepared.map((p, i) => ({
        id: which[i]?.clientId,
        file: p.blob,
        fileName: p.fileName,
        caption: null,
        capturedAt: p.capturedAt,
      })),
      null,
    );
    toast({ title: 'Saved on this device', description: 'Your photos are sent when you are back online.' });
    changeOpen(false);
  }

  async function send(which: Photo[]) {
    if (busy || which.length === 0) return;
    if (!navigator.onLine && user?.userType === 'contractor') return keep(which);
    const controller = new AbortController();
    abortRef.current = controller;
    setBusy(true);
    let ok = 0;
    // one at a time: on a weak signal, parallel uploads only slow each other
    for (const photo of which) if (await sendOne(photo, controller.signal)) ok += 1;
    if (controller.signal.aborted) return;
    setBusy(false);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
      queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
    ]);
    if (ok === which.length) {
      toast({ title: 'Photos Uploaded', description: projectFileMessages.uploaded(ok) });
      const others = photos.filter((p) => !which.includes(p) && p.state.kind !== 'done');
      if (others.length === 0) changeOpen(false);
    }
  }

  const pending = photos.filter((p) => p.state.kind === 'waiting');

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Upload Installation Photos</DialogTitle>
          <DialogDescription>
            Add photos of the work. The homeowner sees them on their project.
          </DialogDescription>
        </DialogHeader>
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          className="sr-only"
          aria-hidden="true"
          tabIndex={-1}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            add(files);
          }}
        />
        <div className="grid justify-items-center gap-2 rounded-lg border-2 border-dashed border-input bg-muted/40 px-4 py-6 text-center">
          <ImageUp aria-hidden="true" className="size-8 text-muted-foreground" />
          <Button
            type="button"
            variant="outline"
            onClick={() => inputRef.current?.click()}
            aria-describedby={hintId}
          >
            Choose photos
          </Button>
          <p id={hintId} className="text-xs text-muted-foreground">
            PNG, JPG, GIF up to 10MB each
          </p>
        </div>
        {refused.length > 0 ? (
          <Alert variant="destructive" className="grid gap-1">
            {refused.map((r) => (
              <p key={r} className="[overflow-wrap:anywhere]">
                {r}
              </p>
            ))}
          </Alert>
        ) : null}
        {photos.length > 0 ? (
          <ul aria-label="Chosen photos" className="grid gap-2">
            {photos.map((p) => (
              <li key={p.clientId} className="grid gap-1 rounded-lg border bg-card p-2">
                <div className="flex items-center justify-between gap-2 text-sm">
                  <span className="truncate font-medium" title={p.file.name}>
                    {p.file.name}
                  </span>
                  <span aria-live="polite" className="shrink-0 text-muted-foreground">
                    {stateText(p.state)}
                  </span>
                </div>
                <Progress value={percentOf(p.state)} aria-label={p.file.name} />
                {p.state.kind === 'failed' ? (
                  <div className="flex items-center justify-between gap-2 text-sm text-destructive">
                    <span className="flex items-center gap-1">
                      <AlertCircle aria-hidden="true" className="size-4 shrink-0" />
                      {p.state.message}
                    </span>
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      disabled={busy}
                      onClick={() => void send([p])}
                    >
                      Retry
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
            Cancel
          </Button>
          <Button type="button" onClick={() => void send(pending)} disabled={pending.length === 0 || busy}>
            {busy ? 'Uploading...' : 'Upload Photos'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
