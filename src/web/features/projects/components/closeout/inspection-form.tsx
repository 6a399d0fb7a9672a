import { type InspectionItemKey, inspectionItemKeys, inspectionItemLabels } from '@domain/projects/closeout';
import { CLOSEOUT_NOTE_MAX } from '@domain/projects/closeout-schemas';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage } from '@web/lib/error-message';
import { toast } from '@web/lib/use-toast';
import { useState } from 'react';
import { uploadCloseoutPhotos, useCloseoutAction } from '../../api/closeout';

interface ItemState {
  checked: boolean;
  note: string;
  files: File[];
}

const blank = (): Record<InspectionItemKey, ItemState> =>
  Object.fromEntries(
    inspectionItemKeys.map((k): [InspectionItemKey, ItemState] => [
      k,
      { checked: false, note: '', files: [] },
    ]),
  ) as Record<InspectionItemKey, ItemState>;

/**
 * The contractor's final inspection (issue 25 #1): each item checked, or left unchecked with a
 * note saying why it does not apply; photos per item, uploaded as the job's photos when sent.
 */
export function InspectionForm({ projectId }: { projectId: string }) {
  const [items, setItems] = useState(blank);
  const [problem, setProblem] = useState<string | undefined>();
  const action = useCloseoutAction(projectId);
  const set = (key: InspectionItemKey, change: Partial<ItemState>) =>
    setItems((all) => ({ ...all, [key]: { ...all[key], ...change } }));

  const submit = () => {
    const unexplained = inspectionItemKeys.filter((k) => !items[k].checked && !items[k].note.trim());
    if (unexplained.length > 0) {
      setProblem(
        `Check each item, or say in its note why it does not apply: ${unexplained.map((k) => inspectionItemLabels[k]).join(', ')}.`,
      );
      return;
    }
    setProblem(undefined);
    action.mutate(
      async () => {
        const body = [];
        for (const key of inspectionItemKeys) {
          const { checked, note, files } = items[key];
          body.push({
            key,
            checked,
            note: note.trim() || null,
            photoIds: await uploadCloseoutPhotos(projectId, 'install_photo', files),
          });
        }
        return { kind: 'inspection', body: { items: body } };
      },
      { onSuccess: (result) => toast({ title: 'Final inspection submitted', description: result.message }) },
    );
  };

  return (
    <form
      noValidate
      aria-label="Final inspection"
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!action.isPending) submit();
      }}
    >
      <ul className="grid gap-3">
        {inspectionItemKeys.map((key) => {
          const id = `inspection-${key}`;
          return (
            <li key={key} className="grid gap-2 rounded-md border p-3">
              <div className="flex min-h-11 items-center gap-3">
                <Checkbox
                  id={id}
                  checked={items[key].checked}
                  onCheckedChange={(value) => set(key, { checked: value === true })}
                  className="size-5"
                />
                <Label htmlFor={id} className="text-base">
                  {inspectionItemLabels[key]}
                </Label>
              </div>
              <div className="grid gap-2 sm:grid-cols-2">
                <Textarea
                  aria-label={`${inspectionItemLabels[key]} note`}
                  placeholder={items[key].checked ? 'Note (optional)' : 'Why it does not apply'}
                  rows={2}
                  maxLength={CLOSEOUT_NOTE_MAX}
                  value={items[key].note}
                  onChange={(e) => set(key, { note: e.target.value })}
                />
                <Input
                  type="file"
                  multiple
                  accept="image/png,image/jpeg,image/gif"
                  aria-label={`${inspectionItemLabels[key]} photos`}
                  onChange={(e) => set(key, { files: Array.from(e.target.files ?? []) })}
                />
              </div>
            </li>
          );
        })}
      </ul>
      {problem ? <Alert variant="destructive">{problem}</Alert> : null}
      {action.isError ? <Alert variant="destructive">{errorMessage(action.error)}</Alert> : null}
      <Button type="submit" disabled={action.isPending} className="min-h-11 w-full sm:w-auto">
        {action.isPending ? 'Submitting...' : 'Submit Final Inspection'}
      </Button>
    </form>
  );
}
