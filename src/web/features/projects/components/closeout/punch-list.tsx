import type { CloseoutViewer } from '@domain/projects/closeout';
import type { PunchItem } from '@domain/projects/closeout-schemas';
import type { ProjectFileKind } from '@domain/projects/schemas';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/lib/use-toast';
import { useState } from 'react';
import { uploadCloseoutPhotos, useCloseoutAction } from '../../api/closeout';
import { ToneBadge } from '../project-status-badge';
import { CloseoutPhotos } from './closeout-photos';
import { NoteForm } from './note-form';

type Open = 'resolve' | 'reopen' | 'note' | null;

const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }) : '';

/** The punch list: each issue, what was done about it, and what the viewer may do next. */
export function PunchList({
  projectId,
  items,
  viewer,
  accepted,
}: {
  projectId: string;
  items: PunchItem[];
  viewer: CloseoutViewer;
  accepted: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="punch-list-title" className="grid gap-3">
      <h3 id="punch-list-title" className="font-semibold">
        Punch list
      </h3>
      <ol className="grid gap-3">
        {items.map((item, i) => (
          <PunchItemCard
            key={item.id}
            projectId={projectId}
            item={item}
            number={i + 1}
            viewer={viewer}
            accepted={accepted}
          />
        ))}
      </ol>
    </section>
  );
}

function PunchItemCard({
  projectId,
  item,
  number,
  viewer,
  accepted,
}: {
  projectId: string;
  item: PunchItem;
  number: number;
  viewer: CloseoutViewer;
  accepted: boolean;
}) {
  const [open, setOpen] = useState<Open>(null);
  const action = useCloseoutAction(projectId);
  const photoKind: ProjectFileKind = viewer === 'contractor' ? 'install_photo' : 'image';
  const canResolve = !accepted && item.status === 'open' && (viewer === 'contractor' || viewer === 'admin');
  const canReopen = !accepted && item.status === 'resolved' && viewer === 'homeowner';
  const canNote = !accepted && viewer === 'admin';
  const done = (title: string) => (result: { message?: string }) => {
    toast({ title, description: result.message });
    setOpen(null);
  };
  const toggle = (which: Open) => {
    action.reset();
    setOpen((now) => (now === which ? null : which));
  };

  return (
    <li className="grid gap-2 rounded-md border p-3" data-testid="punch-item">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">Issue {number}</span>
        <ToneBadge tone={item.status === 'open' ? 'yellow' : 'green'}>{item.status}</ToneBadge>
        <span className="text-xs text-muted-foreground">Reported {day(item.reportedAt)}</span>
      </div>
      <p className="whitespace-pre-line [overflow-wrap:anywhere]">{item.note}</p>
      <CloseoutPhotos photos={item.photos} label={`Photos of issue ${number}`} />
      {item.resolutionNote ? (
        <div className="grid gap-1 border-l-2 border-emerald-500 pl-3 text-sm">
          <span className="font-medium">
            {item.resolvedByAdmin ? 'Resolved by the Ridgeline team' : 'Resolved by the contractor'}
            {item.resolvedAt ? `, ${day(item.resolvedAt)}` : ''}
          </span>
          <p className="whitespace-pre-line [overflow-wrap:anywhere]">{item.resolutionNote}</p>
          <CloseoutPhotos photos={item.resolutionPhotos} label={`Photos of the fix of issue ${number}`} />
        </div>
      ) : null}
      {item.reopenNote ? (
        <div className="grid gap-1 border-l-2 border-amber-500 pl-3 text-sm">
          <span className="font-medium">Reopened {day(item.reopenedAt)}</span>
          <p className="whitespace-pre-line [overflow-wrap:anywhere]">{item.reopenNote}</p>
        </div>
      ) : null}
      {item.adminNote ? (
        <div className="grid gap-1 border-l-2 border-primary pl-3 text-sm">
          <span className="font-medium">Note from the Ridgeline team, {day(item.adminNoteAt)}</span>
          <p className="whitespace-pre-line [overflow-wrap:anywhere]">{item.adminNote}</p>
        </div>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        {canResolve ? (
          <Button
            variant="outline"
            className="min-h-11 sm:min-h-9"
            onClick={() => toggle('resolve')}
            aria-expanded={open === 'resolve'}
          >
            Resolve issue {number}
          </Button>
        ) : null}
        {canReopen ? (
          <Button
            variant="outline"
            className="min-h-11 sm:min-h-9"
            onClick={() => toggle('reopen')}
            aria-expanded={open === 'reopen'}
          >
            Reopen issue {number}
          </Button>
        ) : null}
        {canNote ? (
          <Button
            variant="outline"
            className="min-h-11 sm:min-h-9"
            onClick={() => toggle('note')}
            aria-expanded={open === 'note'}
          >
            Add a note to issue {number}
          </Button>
        ) : null}
      </div>
      {open === 'resolve' ? (
        <NoteForm
          label="What was done"
          submitLabel="Mark resolved"
          pendingLabel="Saving..."
          withPhotos
          pending={action.isPending}
          error={action.error}
          onCancel={() => setOpen(null)}
          onSubmit={(note, files) =>
            action.mutate(
              async () => ({
                kind: 'resolve',
                itemId: item.id,
                body: { note, photoIds: await uploadCloseoutPhotos(projectId, photoKind, files) },
              }),
              { onSuccess: done('Item resolved') },
            )
          }
        />
      ) : null}
      {open === 'reopen' || open === 'note' ? (
        <NoteForm
          label={open === 'reopen' ? 'What is still wrong' : 'Note for the homeowner and the contractor'}
          submitLabel={open === 'reopen' ? 'Reopen' : 'Add note'}
          pendingLabel="Saving..."
          withPhotos={false}
          pending={action.isPending}
          error={action.error}
          onCancel={() => setOpen(null)}
          onSubmit={(note) =>
            action.mutate(
              async () =>
                open === 'reopen'
                  ? { kind: 'reopen', itemId: item.id, note }
                  : { kind: 'admin-note', itemId: item.id, note },
              { onSuccess: done(open === 'reopen' ? 'Item reopened' : 'Note added') },
            )
          }
        />
      ) : null}
    </li>
  );
}
