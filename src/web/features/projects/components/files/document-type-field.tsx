import {
  type ProjectDocumentType,
  projectDocumentTypeLabels,
  projectDocumentTypes,
} from '@domain/projects/job-file';
import { Field } from '@web/components/field';
import { NativeSelect } from '@web/components/ui/native-select';

/** What the documents of an upload are (issue 23 #7: contract, permit, invoice, warranty, inspection). */
export function DocumentTypeField({
  value,
  onChange,
  disabled,
}: {
  value: ProjectDocumentType;
  onChange: (value: ProjectDocumentType) => void;
  disabled?: boolean;
}) {
  return (
    <Field label="Document type" description="Shown beside each file in the job file.">
      <NativeSelect
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as ProjectDocumentType)}
      >
        {projectDocumentTypes.map((t) => (
          <option key={t} value={t}>
            {projectDocumentTypeLabels[t]}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}
