import type { ReportQueueItem } from '@domain/estimates/report/schemas';
import { MEASUREMENT_SOURCES } from '@domain/estimates/types';
import { reportStatusTexts } from '@domain/quotes/thank-you';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { errorMessage } from '@web/lib/error-message';
import { toast } from '@web/lib/use-toast';
import { useId, useState } from 'react';
import { reportQueueQuery, useRetryReport, useSubmitMeasurements } from '../../api/work-queues';
import { Empty, formatWhen, Pill } from '../dashboard/badges';
import { QueueItem, QueueState } from './queue-state';

function MeasurementForm({ item }: { item: ReportQueueItem }) {
  const id = useId();
  const submit = useSubmitMeasurements();
  const [mode, setMode] = useState<'manual' | 'file'>('manual');
  const [area, setArea] = useState('');
  const [pitch, setPitch] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<string>(
    (MEASUREMENT_SOURCES as readonly string[]).includes(item.measurementFileSource)
      ? item.measurementFileSource
      : MEASUREMENT_SOURCES[0],
  );
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (mode === 'file' && !file) {
      setError('Attach the measurement file.');
      return;
    }
    const input =
      mode === 'manual'
        ? { kind: 'manual' as const, totalAreaSqFt: Number(area), predominantPitch: pitch }
        : { kind: 'file' as const, file: file as File, source };
    submit.mutate(
      { quoteId: item.quoteId, input },
      {
        onSuccess: (r) =>
          toast({ title: 'Report queued', description: `${r.reference}: the report is being made.` }),
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      className="grid gap-3 rounded-md bg-muted/50 p-3"
      aria-label={`Measurements for ${item.reference}`}
    >
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">How to give the measurements</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={mode === 'manual'}
            onChange={() => setMode('manual')}
          />
          Type area and pitch
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={mode === 'file'}
            onChange={() => setMode('file')}
          />
          Attach a file
        </label>
      </fieldset>
      {mode === 'manual' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-area`}>Total roof area (sq ft)</Label>
            <Input
              id={`${id}-area`}
              inputMode="numeric"
              value={area}
              onChange={(e) => setArea(e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-pitch`}>Predominant pitch</Label>
            <Input
              id={`${id}-pitch`}
              placeholder="6/12"
              value={pitch}
              onChange={(e) => setPitch(e.target.value)}
            />
          </div>
        </div>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-source`}>Source</Label>
            <NativeSelect id={`${id}-source`} value={source} onChange={(e) => setSource(e.target.value)}>
              {MEASUREMENT_SOURCES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-file`}>Measurement file</Label>
            <Input id={`${id}-file`} type="file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </div>
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

/** Quotes waiting for measurements (attach a file or type area and pitch) and failed reports (Retry). */
export function ReportQueue() {
  const query = useQuery(reportQueueQuery());
  return (
    <QueueState query={query}>
      {(data) =>
        data.items.length === 0 ? (
          <Empty>No reports are waiting for you.</Empty>
        ) : (
          <ul className="grid gap-3" aria-label="Report queue">
            {data.items.map((item) => (
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
                  {item.reportAttempts > 0
                    ? ` · ${item.reportAttempts} ${item.reportAttempts === 1 ? 'attempt' : 'attempts'}`
                    : ''}
                </p>
                <p>
                  <span className="font-medium">{item.reportStatus === 'failed' ? 'Reason: ' : 'Why: '}</span>
                  {item.reason}
                </p>
                <p className="text-muted-foreground">
                  <span className="font-medium text-foreground">The customer was told: </span>
                  {reportStatusTexts[item.reportStatus].label}. {reportStatusTexts[item.reportStatus].detail}
                </p>
                {item.reportStatus === 'failed' ? (
                  <RetryButton item={item} />
                ) : (
                  <MeasurementForm item={item} />
                )}
              </QueueItem>
            ))}
          </ul>
        )
      }
    </QueueState>
  );
}
