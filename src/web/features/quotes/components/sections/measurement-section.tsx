import { formatNumber } from '@domain/en-us-format';
import { measurementFileSources, sourceNeedsFile } from '@domain/quotes/options';
import { QUOTE_SIZE_LIMITS, QUOTE_STORIES, type QuoteDataInput } from '@domain/quotes/quote-form';
import { FieldGroup } from '@web/components/field';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { QuoteDraft } from '../../hooks/use-quote-draft';
import { fileAddressCheck } from '../../lib/address-confirm';
import { summaryForFile } from '../../lib/quote-draft';
import { AddressCheckView } from '../address-check';
import { MeasurementSummaryView } from '../measurement-summary';
import { SelectField, TextField, useQuoteFieldError } from '../quote-fields';
import { SketchUpload, type SketchValue } from '../sketch-upload';
import { FormSection } from './form-section';

/** Without a file: the optional size of the roof, or of the house, for the preliminary report. */
function SizeFields() {
  return (
    <div className="grid gap-5 sm:col-span-2 sm:grid-cols-2" data-testid="quote-size-fields">
      <p id="quote-size-note" className="text-sm text-muted-foreground sm:col-span-2">
        No file? You get a preliminary report by email at once, priced from the size you give here (or a
        typical size for the building height when you leave it empty). The measured report follows when the
        roof has been measured.
      </p>
      <TextField
        name="roofAreaSqFt"
        label="Roof area (sq ft)"
        inputMode="decimal"
        placeholder="e.g. 2,200"
        maxLength={12}
        description={`Optional: from a past roofing bid or report, ${formatNumber(QUOTE_SIZE_LIMITS.roofAreaSqFt.min)} to ${formatNumber(QUOTE_SIZE_LIMITS.roofAreaSqFt.max)} sq ft.`}
        className="sm:col-span-2"
      />
      <TextField
        name="livingAreaSqFt"
        label="Or the living area (sq ft)"
        inputMode="decimal"
        placeholder="e.g. 2,400"
        maxLength={12}
        description={`Optional: heated living area, all floors (${formatNumber(QUOTE_SIZE_LIMITS.livingAreaSqFt.min)} to ${formatNumber(QUOTE_SIZE_LIMITS.livingAreaSqFt.max)}). A roof area is used first.`}
      />
      <SelectField
        name="stories"
        label="Stories"
        options={QUOTE_STORIES}
        placeholder="Not sure"
        emptySelectable
        registerOptions={{ setValueAs: (v: unknown) => (v === '' || v === undefined ? null : v) }}
      />
    </div>
  );
}

/** The measurement file source, then the sketch file and what was read from it, or the size fields. */
export function MeasurementSection({ draft, disabled }: { draft: QuoteDraft; disabled: boolean }) {
  const { control, getValues, setValue, clearErrors, trigger, formState } = useFormContext<QuoteDataInput>();
  const [source, sketchUrl, sketchName, sketchSize, streetAddress, zipCode] = useWatch({
    control,
    name: [
      'measurementFileSource',
      'sketchFileUrl',
      'sketchFileName',
      'sketchFileSize',
      'streetAddress',
      'zipCode',
    ],
  });
  const sketchError = useQuoteFieldError('sketchFile');
  const sketchValue: SketchValue | null =
    sketchUrl && sketchName ? { url: sketchUrl, name: sketchName, size: sketchSize ?? 0 } : null;
  const summary = summaryForFile(draft.measurement, sketchUrl);
  const needsFile = sourceNeedsFile(source);
  const addressCheck = fileAddressCheck({ measurementFileSource: source, streetAddress, zipCode }, summary);

  // with a file the measured size is used: size fields left behind must not block the order
  useEffect(() => {
    if (!needsFile) return;
    for (const name of ['roofAreaSqFt', 'livingAreaSqFt', 'stories'] as const) {
      if (getValues(name)) setValue(name, name === 'stories' ? null : '');
      clearErrors(name);
    }
  }, [needsFile, getValues, setValue, clearErrors]);

  const setSketch = (value: SketchValue | null) => {
    const opts = { shouldDirty: true };
    setValue('sketchFileUrl', value?.url ?? null, opts);
    setValue('sketchFileName', value?.name ?? null, opts);
    setValue('sketchFileSize', value?.size ?? null, opts);
    // a confirmation was of the file replaced
    setValue('measurementAddressConfirmed', false, opts);
    draft.setMeasurement(value?.url ?? null, value?.measurement);
    clearErrors('sketchFile' as keyof QuoteDataInput);
    if (formState.isSubmitted) void trigger('measurementFileSource');
  };

  return (
    <FormSection
      title="Roof Measurements"
      description="Upload the measurement (sketch) file from HOVER, EagleView, Roofr or GAF QuickSquare for the most precise report."
    >
      <SelectField
        name="measurementFileSource"
        label="Measurement File Source"
        required
        options={measurementFileSources}
        className="sm:col-span-2"
      />
      {needsFile ? (
        <FieldGroup
          id="quote-sketch"
          legend="Sketch File"
          required
          description="Required for the selected measurement file source."
          data-field="sketchFile"
          tabIndex={-1}
          className="sm:col-span-2"
          legendClassName="mb-2 leading-none"
        >
          <SketchUpload
            source={source}
            value={sketchValue}
            onChange={setSketch}
            error={sketchError}
            disabled={disabled}
            property={{ streetAddress: streetAddress ?? '', zipCode: zipCode ?? '' }}
          />
          {summary && sketchValue ? <MeasurementSummaryView summary={summary} /> : null}
          {summary && sketchValue ? <AddressCheckView check={addressCheck} disabled={disabled} /> : null}
        </FieldGroup>
      ) : (
        <SizeFields />
      )}
    </FormSection>
  );
}
