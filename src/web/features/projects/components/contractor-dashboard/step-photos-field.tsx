import { CAPTION_MAX_LENGTH } from '@domain/projects/photo-log';
import { checkChosenFile, projectFileUploadRules } from '@domain/projects/project-files';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useId } from 'react';

export interface StepPhoto {
  file: File;
  caption: string;
}

/**
 * The step dialog's photos (issue 23 #9): installation photos of the step being updated, each
 * with an optional one-line caption; they are uploaded tagged with the step when the dialog saves.
 */
export function StepPhotosField({
  stepLabel,
  photos,
  onChange,
  disabled,
}: {
  stepLabel: string;
  photos: StepPhoto[];
  onChange: (photos: StepPhoto[]) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const rule = projectFileUploadRules.install_photo;
  const problems = photos
    .map((p) => checkChosenFile('install_photo', { name: p.file.name, size: p.file.size }))
    .filter((m): m is string => m !== null);
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="text-sm font-medium">
        Photos{' '}
        <span className="font-normal text-muted-foreground">
          (optional, shown in the {stepLabel} photo log)
        </span>
      </legend>
      <Input
        id={`${id}-files`}
        type="file"
        multiple
        accept={rule.accept}
        // a phone opens its camera (issue 27 item 3)
        capture="environment"
        // not the step's name: a label like "Permit Status" would also name the step's own fields
        aria-label="Attach photos to this step"
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])];
          onChange(files.map((file) => ({ file, caption: '' })));
        }}
      />
      {problems.length > 0 ? (
        <p role="alert" className="text-sm text-destructive">
          {problems[0]}
        </p>
      ) : null}
      {photos.map((photo, i) => (
        <div key={`${photo.file.name}-${photo.file.size}-${photo.file.lastModified}`} className="grid gap-1">
          <Label htmlFor={`${id}-caption-${i}`} className="break-all text-xs text-muted-foreground">
            Caption for {photo.file.name}
          </Label>
          <Input
            id={`${id}-caption-${i}`}
            maxLength={CAPTION_MAX_LENGTH}
            value={photo.caption}
            placeholder="e.g. New ridge vent, north side"
            onChange={(e) => {
              const caption = e.currentTarget.value;
              onChange(photos.map((p, j) => (j === i ? { ...p, caption } : p)));
            }}
          />
        </div>
      ))}
    </fieldset>
  );
}
