import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { AlertCircle, FileText, ImageOff, X } from 'lucide-react';
import { useState } from 'react';
import { formatBytes } from './format';
import type { Chosen, Refused } from './use-chosen-files';

/** An image's preview, or an icon for a document or an image this browser cannot show. */
function Preview({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!url) return <FileText aria-hidden="true" className="size-10 text-muted-foreground" />;
  if (failed) return <ImageOff aria-hidden="true" className="size-10 text-muted-foreground" />;
  return <img src={url} alt="" className="size-full object-cover" onError={() => setFailed(true)} />;
}

/** The files the last choice refused, each with why (nothing when none was). */
export function RefusedFiles({ refused }: { refused: Refused[] }) {
  if (refused.length === 0) return null;
  return (
    <Alert variant="destructive" className="grid gap-1">
      <p className="flex items-center gap-1.5 font-medium">
        <AlertCircle aria-hidden="true" className="size-4 shrink-0" />
        {refused.length === 1 ? 'This file was not added:' : 'These files were not added:'}
      </p>
      <ul className="grid gap-0.5 pl-6">
        {refused.map((r) => (
          <li key={r.key} className="[overflow-wrap:anywhere]">
            <span className="font-medium">{r.name}</span>: {r.message}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/** The files chosen for the upload, with previews and sizes; each can be removed until the upload starts. */
export function ChosenFiles({
  chosen,
  uploading,
  onRemove,
}: {
  chosen: Chosen[];
  uploading: boolean;
  onRemove(key: string): void;
}) {
  if (chosen.length === 0) return null;
  return (
    <ul aria-label="Chosen files" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {chosen.map((c) => (
        <li key={c.key} className="relative grid gap-1 rounded-lg border bg-card p-2">
          <div className="flex aspect-square items-center justify-center overflow-hidden rounded-md bg-muted">
            <Preview url={c.preview} />
          </div>
          <p className="truncate text-xs font-medium" title={c.file.name}>
            {c.file.name}
          </p>
          <p className="text-xs text-muted-foreground">{formatBytes(c.file.size)}</p>
          {uploading ? null : (
            <Button
              type="button"
              variant="secondary"
              size="icon"
              className="absolute top-1 right-1 size-7 rounded-full shadow-sm"
              aria-label={`Remove ${c.file.name}`}
              onClick={() => onRemove(c.key)}
            >
              <X aria-hidden="true" />
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
