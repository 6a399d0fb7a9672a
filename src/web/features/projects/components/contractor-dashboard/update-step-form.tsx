import { ROOF_SURFACE_MATERIALS } from '@domain/estimates/types';
import type { Project } from '@domain/projects/schemas';
import { statusText } from '@domain/projects/status-badges';
import { materialStatuses, permitStatuses } from '@domain/projects/workflow';
import { type WorkflowStepKey, workflowSteps } from '@domain/projects/workflow-steps';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field } from '@web/components/field';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { DialogClose, DialogFooter } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { Textarea } from '@web/components/ui/textarea';
import { parseApiError } from '@web/lib/error-message';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/use-toast';
import { unreachable } from '@web/pwa/sync-outcome';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { preparePhoto } from '../../api/prepare-photo';
import { useUploadProjectFiles } from '../../api/project-files';
import { useUpdateProject } from '../../api/update-project';
import { useSaveOnDevice } from './save-on-device';
import {
  fieldInfo,
  type StepField,
  type StepFormValues,
  stepFormDefaults,
  stepFormSchema,
  stepPatch,
  visibleStepFields,
} from './step-form';
import { type StepPhoto, StepPhotosField } from './step-photos-field';
import { NOTHING_CHANGED, UPDATE_FAILED } from './update-messages';

const defaultsToToday = (f: StepField) => fieldInfo[f].kind === 'date' && f !== 'materialDeliveryDate';

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The form of a step's Update dialog (spec 2 §2, §5), prefilled from the project: the step's fields,
 * its photos, and the save (online, or kept on the device without a connection). Loaded when a
 * dialog first opens (update-step-dialog.tsx): react-hook-form, the schema, the fields and the
 * photo code are not part of the dashboard's first load.
 */
export default function StepForm({
  project,
  step,
  onSaved,
}: {
  project: Project;
  step: WorkflowStepKey;
  onSaved: () => void;
}) {
  const id = useId();
  // the values the dialog opened with: a live refresh of the project must not move them under the user
  const [initial] = useState(() => stepFormDefaults(project));
  // shown in the dialog too: while it is open, the rest of the page (toasts included) is hidden from assistive tech
  const [problem, setProblem] = useState<string[] | null>(null);
  const update = useUpdateProject();
  const upload = useUploadProjectFiles(project.id);
  const saveOnDevice = useSaveOnDevice(project, step);
  /** Kept on the device (no connection): the dialog closes as after a save. */
  const keep = async (patch: Parameters<typeof saveOnDevice>[0], chosen: StepPhoto[]) => {
    await saveOnDevice(patch, chosen);
    onSaved();
  };
  const [photos, setPhotos] = useState<StepPhoto[]>([]);
  const form = useForm<StepFormValues>({
    resolver: zodResolver(stepFormSchema),
    defaultValues: initial,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  const watched = useWatch({ control: form.control });
  const visible = visibleStepFields(step, { ...initial, ...watched });
  const pending = update.isPending || upload.isPending;

  /** The chosen photos, tagged with this step, once the step's fields are saved (if any). */
  async function savePhotos(): Promise<boolean> {
    if (photos.length === 0) return true;
    try {
      // resized on the device (issue 27 #3), their capture times read before resizing drops them
      const prepared = await Promise.all(photos.map((p) => preparePhoto(p.file)));
      await upload.mutateAsync({
        kind: 'install_photo',
        files: prepared.map((p) => new File([p.blob], p.fileName, { type: p.blob.type })),
        details: {
          step,
          captions: photos.map((p) => p.caption),
          capturedAts: prepared.map((p) => p.capturedAt),
        },
      });
      return true;
    } catch (error) {
      // the signal went: the photos wait on the device and go when it returns
      if (unreachable(error)) return keep({}, photos).then(() => false);
      setProblem([serverMessage(error) ?? UPDATE_FAILED]);
      return false;
    }
  }

  const saved = () => {
    onSaved();
    toast({
      title: 'Project Updated',
      description: `${workflowSteps[step].label} saved for ${project.title}.`,
    });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (pending) return;
    const patch = stepPatch(step, initial, values);
    if (Object.keys(patch).length === 0 && photos.length === 0) {
      setProblem([NOTHING_CHANGED]);
      return;
    }
    // offline: kept on the device, sent when the connection returns (docs/pwa.md)
    if (!navigator.onLine) {
      await keep(patch, photos);
      return;
    }
    if (Object.keys(patch).length === 0) {
      if (await savePhotos()) saved();
      return;
    }
    setProblem(null);
    update.mutate(
      { id: project.id, input: { ...patch, updatedAt: new Date().toISOString() } },
      {
        onSuccess: async () => {
          if (await savePhotos()) saved();
        },
        onError: (error) => {
          if (unreachable(error)) {
            void keep(patch, photos);
            return;
          }
          for (const [key, messages] of Object.entries(parseApiError(error).fieldErrors ?? {})) {
            if (key in initial) form.setError(key as StepField, { message: messages[0] });
          }
          const reason = serverMessage(error);
          setProblem(reason ? [UPDATE_FAILED, reason] : [UPDATE_FAILED]);
          toast({ variant: 'destructive', title: 'Error', description: UPDATE_FAILED });
        },
      },
    );
  });

  const fid = (f: StepField) => `${id}-${f}`;

  function renderField(f: StepField) {
    const { kind, label } = fieldInfo[f];
    const error = errors[f]?.message;
    if (kind === 'check') {
      return (
        <Controller
          key={f}
          control={form.control}
          name={f}
          render={({ field }) => (
            <div className="flex items-center gap-3">
              <Checkbox
                id={fid(f)}
                ref={field.ref}
                checked={field.value === true}
                onCheckedChange={(checked) => {
                  setProblem(null);
                  field.onChange(checked === true);
                }}
                onBlur={field.onBlur}
                className="size-5"
              />
              <Label htmlFor={fid(f)} className="cursor-pointer">
                {label}
              </Label>
            </div>
          )}
        />
      );
    }
    const register = form.register(f, { onChange: () => setProblem(null) });
    if (kind === 'date') {
      const hint = defaultsToToday(f) && !watched[f] ? "Leave empty to use today's date." : undefined;
      return (
        <Field key={f} id={fid(f)} label={label} error={error} description={hint}>
          <Input {...register} type="date" />
        </Field>
      );
    }
    if (kind === 'time') {
      return (
        <Field key={f} id={fid(f)} label={label} error={error}>
          <Input {...register} type="time" step={900} />
        </Field>
      );
    }
    if (kind === 'permit' || kind === 'material') {
      const options = kind === 'permit' ? permitStatuses : materialStatuses;
      return (
        <Field key={f} id={fid(f)} label={label} error={error}>
          <NativeSelect {...register}>
            {options.map((o) => (
              <option key={o} value={o}>
                {capitalized(statusText(o))}
              </option>
            ))}
          </NativeSelect>
        </Field>
      );
    }
    if (kind === 'text') {
      const list = f === 'selectedMaterial' ? `${id}-materials` : undefined;
      return (
        <Field key={f} id={fid(f)} label={label} error={error}>
          {(control) => (
            <>
              <Input {...control} {...register} list={list} autoComplete="off" />
              {list ? (
                <datalist id={list}>
                  {ROOF_SURFACE_MATERIALS.map((m) => (
                    <option key={m} value={m} />
                  ))}
                </datalist>
              ) : null}
            </>
          )}
        </Field>
      );
    }
    return (
      <Field key={f} id={fid(f)} label={label} error={error}>
        <Textarea {...register} rows={3} />
      </Field>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {visible.map(renderField)}
      <StepPhotosField
        stepLabel={workflowSteps[step].label}
        photos={photos}
        onChange={(next) => {
          setProblem(null);
          setPhotos(next);
        }}
        disabled={pending}
      />
      {step === 'install_completed' && watched.installCompleted && !initial.installCompleted ? (
        <p className="text-sm text-muted-foreground">
          Marking the installation complete completes the project: it moves to your Completed tab.
        </p>
      ) : null}
      {problem ? (
        <Alert variant="destructive" className="grid gap-1">
          {problem.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </Alert>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending ? 'Updating...' : 'Update Project'}
        </Button>
      </DialogFooter>
    </form>
  );
}
