import type { ReportQueueItem } from '@domain/estimates/report/schemas';
import { MEASUREMENT_SOURCES } from '@domain/estimates/types';
import { orderStatusText } from '@domain/quotes/order-status';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Field } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { errorMessage } from '@web/lib/error-message';
import { schemaResolver } from '@web/lib/schema-resolver';
import { toast } from '@web/lib/use-toast';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  type MeasurementInput,
  reportQueueQuery,
  useRetryReport,
  useSubmitMeasurements,
} from '../../api/work-queues';
import { formatWhen, Pill } from '../dashboard/badges';
import {
  type MeasurementFormOutput,
  type MeasurementFormValues,
  measurementFormSchema,
} from '../forms/form-schemas';
import { showServerFieldErrors } from '../forms/use-failure';
import { QueueItem, QueueList, Waiting } from './queue-state';

/** Area and pitch typed in, or the measurement file attached: checked with the endpoint's own schema. */
function MeasurementForm({ item }: { item: ReportQueueItem }) {
  const submit = useSubmitMeasurements();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<MeasurementFormValues, unknown, MeasurementFormOutput>({
    resolver: schemaResolver(measurementFormSchema),
    defaultValues: {
      mode: 'manual',
      // the roof area the customer typed on the order, when there is one
      totalAreaSqFt: item.roofAreaSqFt ? String(item.roofAreaSqFt) : '',
      predominantPitch: '',
      source: (MEASUREMENT_SOURCES as readonly string[]).includes(item.measurementFileSource)
        ? item.measurementFileSource
        : MEASUREMENT_SOURCES[0],
      file: undefined,
    },
  });
  const { errors } = form.formState;
  const mode = useWatch({ control: form.control, name: 'mode' });

  const onSubmit = form.handleSubmit((values) => {
    setError(null);
    const input: MeasurementInput =
      values.mode === 'manual'
        ? { kind: 'manual', totalAreaSqFt: values.totalAreaSqFt, predominantPitch: values.predominantPitch }
        : { kind: 'file', file: values.file, source: values.source };
    submit.mutate(
      { quoteId: item.quoteId, input },
      {
        onSuccess: (r) =>
          toast({ title: 'Report queued', description: `${r.reference}: the report is being made.` }),
        onError: (e) => {
          showServerFieldErrors(form.setError, e, ['totalAreaSqFt', 'predominantPitch', 'source', 'file']);
          setError(errorMessage(e));
        },
      },
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-3 rounded-md bg-muted/50 p-3"
      aria-label={`Measurements for ${item.reference}`}
    >
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">How to give the measurements</legend>
        <label className="flex items-center gap-2">
          <input type="radio" value="manual" {...form.register('mode')} />
          Type area and pitch
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" value="file" {...form.register('mode')} />
          Attach a file
        </label>
      </fieldset>
      {mode === 'manual' ? (
        <div className="grid items-start gap-3 sm:grid-cols-2">
          <Field label="Total roof area (sq ft)" error={errors.totalAreaSqFt?.message}>
            <Input {...form.register('totalAreaSqFt')} inputMode="numeric" />
          </Field>
          <Field label="Predominant pitch" error={errors.predominantPitch?.message}>
            <Input {...form.register('predominantPitch')} placeholder="6/12" />
          </Field>
        </div>
      ) : (
        <div className="grid items-start gap-3 sm:grid-cols-2">
          <Field label="Source" error={errors.source?.message}>
            <NativeSelect {...form.register('source')}>
              {MEASUREMENT_SOURCES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Measurement file" error={errors.file?.message}>
            <Input {...form.register('file')} type="file" />
          </Field>
        </div>
      )}
      {error ? (
        <p role="alert" className="text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="sm" className="justify-self-start" disabled={submit.isPending}>
        {submit.isPending ? 'Sending...' : 'Make the report'}
      </Button>
    </form>
  );
}

function RetryButton({ item }: { item: ReportQueueItem }) {
  const retry = useRetryReport();
  return (
    <Button
      size="sm"
      className="justify-self-start"
      disabled={retry.isPending}
      aria-label={`Retry the report of ${item.reference}`}
      onClick={() =>
        retry.mutate(item.quoteId, {
          onSuccess: (r) => toast({ title: 'Report queued', description: `${r.reference}: trying again.` }),
          onError: (e) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(e) }),
        })
      }
    >
      {retry.isPending ? 'Retrying...' : 'Retry'}
    </Button>
  );
}

/** What the customer's order page says now: the same words, from the order's own status. */
function CustomerTold({ item }: { item: ReportQueueItem }) {
  const told = orderStatusText(item.orderReportStatus, item.latestReportBasis);
  return (
    <p className="text-muted-foreground" data-testid="customer-told">
      <span className="font-medium text-foreground">The customer was told: </span>
      {told.label}. {told.detail}
    </p>
  );
}

/** The size the customer gave with the order (the roof area also fills the form below). */
function CustomerSize({ item }: { item: ReportQueueItem }) {
  const parts = [
    item.roofAreaSqFt ? `roof area ${item.roofAreaSqFt.toLocaleString('en-US')} sq ft` : null,
    item.livingAreaSqFt ? `living area ${item.livingAreaSqFt.toLocaleString('en-US')} sq ft` : null,
    item.stories ? `${item.stories} ${item.stories === '1' ? 'storey' : 'storeys'}` : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <p>
      <span className="font-medium">The customer typed: </span>
      {parts.join(', ')}
    </p>
  );
}

/** Quotes waiting for measurements (attach a file or type area and pitch) and failed reports (Retry). */
export function ReportQueue() {
  const query = useInfiniteQuery(reportQueueQuery());
  return (
    <QueueList
      query={query}
      items={(page) => page.items}
      empty="No reports are waiting for you."
      label="Report queue"
    >
      {(item) => (
        <QueueItem key={item.quoteId} label={item.reference}>
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-semibold">{item.reference}</h3>
            {item.reportStatus === 'failed' ? (
              <Pill tone="red">Failed</Pill>
            ) : (
              <Pill tone="yellow">Awaiting measurements</Pill>
            )}
            {item.insuranceInvolved ? <Pill tone="purple">Insurance</Pill> : null}
          </div>
          <p>
            {item.requesterName} · {item.requesterEmail}
          </p>
          <p className="text-muted-foreground">{item.propertyAddress}</p>
          <p className="text-muted-foreground">
            Source: {item.measurementFileSource}
            {item.sketchFileName ? ` (${item.sketchFileName})` : ''} · submitted{' '}
            {formatWhen(item.submittedAt)}
            <Waiting since={item.submittedAt} />
            {item.reportAttempts > 0
              ? ` · ${item.reportAttempts} ${item.reportAttempts === 1 ? 'attempt' : 'attempts'}`
              : ''}
          </p>
          <p>
            <span className="font-medium">{item.reportStatus === 'failed' ? 'Reason: ' : 'Why: '}</span>
            {item.reason}
          </p>
          <CustomerSize item={item} />
          <CustomerTold item={item} />
          {item.reportStatus === 'failed' ? <RetryButton item={item} /> : <MeasurementForm item={item} />}
        </QueueItem>
      )}
    </QueueList>
  );
}
