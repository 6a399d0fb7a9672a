import {
  BALLPARK_STEEPNESS,
  type BallparkFormValues,
  ballparkFormSchema,
  FLOOR_AREA_LIMITS,
  ROOF_AREA_LIMITS,
} from '@domain/estimate/ballpark-form';
import { ROOF_SURFACE_MATERIALS } from '@domain/estimate/types';
import { estimateToQuoteSearch } from '@domain/quotes/prefill';
import { zodResolver } from '@hookform/resolvers/zod';
import { PageHeader } from '@web/components/page-header';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@web/components/ui/form';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { Spinner } from '@web/components/ui/spinner';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { cn } from '@web/lib/utils';
import { AlertCircle, ArrowRight, FileText, MapPin } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'wouter';

type Engine = typeof import('@domain/estimate/ballpark-engine');
type BallparkResult = ReturnType<Engine['computeBallpark']>;

const DEFAULTS: BallparkFormValues = {
  zipCode: '',
  areaMode: 'roof',
  roofAreaSqFt: '',
  floorAreaSqFt: '',
  stories: '1',
  steepness: '6',
  roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
};

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const money = (cents: number) => dollars.format(Math.round(cents / 100));

const GROUPS: Array<{ label: string; categories: string[] }> = [
  { label: 'Tear-off and disposal', categories: ['tear-off'] },
  { label: 'Materials', categories: ['materials'] },
  { label: 'Labor', categories: ['labor'] },
  { label: 'Permit', categories: ['fees'] },
  { label: 'Local market adjustment', categories: ['adjustment'] },
];

/** Loads the pricing engine (model + price zones) as its own chunk, only on this page. */
function useEngine() {
  const [engine, setEngine] = useState<Engine | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    import('@domain/estimate/ballpark-engine').then(setEngine, () => setFailed(true));
  }, []);
  useEffect(load, [load]);
  return { engine, failed, retry: load };
}

export function EstimatePage() {
  useDocumentTitle('Get Your AI Market Estimate');
  const { engine, failed, retry } = useEngine();
  const form = useForm<BallparkFormValues>({
    resolver: zodResolver(ballparkFormSchema),
    defaultValues: DEFAULTS,
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control }) as BallparkFormValues;
  const resultRef = useRef<HTMLHeadingElement>(null);

  // The range follows the form as it is typed: the engine runs here, no server round trip.
  const { result, problem } = useMemo((): { result: BallparkResult | null; problem: string | null } => {
    const parsed = ballparkFormSchema.safeParse(values);
    if (!parsed.success || !engine) return { result: null, problem: null };
    try {
      return { result: engine.computeBallpark(values), problem: null };
    } catch (error) {
      return {
        result: null,
        problem: error instanceof Error ? error.message : 'This estimate could not be priced.',
      };
    }
  }, [values, engine]);

  const onSubmit = form.handleSubmit(() => {
    resultRef.current?.focus();
  });

  const areaMode = values.areaMode;
  return (
    <>
      <PageHeader
        eyebrow="Instant ballpark"
        title="Get Your AI Market Estimate"
        description="Tell us where the house is, roughly how big the roof is and what you want on it. Our pricing model shows a fair price range right away, from regional labor and material costs."
      />
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-start lg:px-8">
        <Card>
          <CardHeader>
            <CardTitle>Your roof</CardTitle>
            <CardDescription>
              No account and no file needed. Nothing you type leaves this page.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Form {...form}>
              <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Ballpark estimate">
                <FormField
                  control={form.control}
                  name="zipCode"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>ZIP code</FormLabel>
                      <FormControl>
                        <Input
                          inputMode="numeric"
                          autoComplete="postal-code"
                          maxLength={5}
                          placeholder="e.g. 75201"
                          className="max-w-40"
                          {...field}
                        />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="areaMode"
                  render={({ field }) => (
                    <fieldset className="grid gap-2">
                      <legend className="mb-2 text-sm font-medium">What do you know about the size?</legend>
                      <div className="grid grid-cols-2 gap-2">
                        {(
                          [
                            ['roof', 'Roof area'],
                            ['floor', 'House floor area'],
                          ] as const
                        ).map(([value, label]) => (
                          <label
                            key={value}
                            className={cn(
                              'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                              field.value === value
                                ? 'border-primary bg-primary/5 text-foreground'
                                : 'border-input bg-card text-muted-foreground hover:bg-secondary',
                            )}
                          >
                            <input
                              type="radio"
                              name={field.name}
                              value={value}
                              checked={field.value === value}
                              onChange={() => field.onChange(value)}
                              onBlur={field.onBlur}
                              className="size-4 accent-primary"
                            />
                            {label}
                          </label>
                        ))}
                      </div>
                    </fieldset>
                  )}
                />
                {areaMode === 'roof' ? (
                  <FormField
                    control={form.control}
                    name="roofAreaSqFt"
                    render={({ field }) => (
                      <FormItem>
                        <FormLabel>Approximate roof area (sq ft)</FormLabel>
                        <FormControl>
                          <Input
                            inputMode="decimal"
                            placeholder="e.g. 2,200"
                            className="max-w-48"
                            {...field}
                          />
                        </FormControl>
                        <FormDescription>
                          From a past roofing bid or report: {ROOF_AREA_LIMITS.min.toLocaleString('en-US')} to{' '}
                          {ROOF_AREA_LIMITS.max.toLocaleString('en-US')} sq ft. 1 square = 100 sq ft.
                        </FormDescription>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                ) : (
                  <div className="grid items-start gap-5 sm:grid-cols-[minmax(0,1fr)_8rem]">
                    <FormField
                      control={form.control}
                      name="floorAreaSqFt"
                      render={({ field }) => (
                        <FormItem>
                          <FormLabel>House floor area (sq ft)</FormLabel>
                          <FormControl>
                            <Input inputMode="decimal" placeholder="e.g. 2,400" {...field} />
                          </FormControl>
                          <FormDescription>
                            Heated living area, all floors ({FLOOR_AREA_LIMITS.min.toLocaleString('en-US')} to{' '}
                            {FLOOR_AREA_LIMITS.max.toLocaleString('en-US')}).
                          </FormDescription>
                          <FormMessage />
                        </FormItem>
                      )}
                    />
                    <FormField
                      control={form.control}
                      name="stories"
                      render={({ field }) => (
                        <FormItem>
                          <FormLabel>Stories</FormLabel>
                          <FormControl>
                            <NativeSelect {...field}>
                              <option value="1">1</option>
                              <option value="2">2</option>
                              <option value="3">3</option>
                            </NativeSelect>
                          </FormControl>
                          <FormMessage />
                        </FormItem>
                      )}
                    />
                  </div>
                )}
                <FormField
                  control={form.control}
                  name="steepness"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Roof steepness</FormLabel>
                      <FormControl>
                        <NativeSelect {...field}>
                          {BALLPARK_STEEPNESS.map((s) => (
                            <option key={s.value} value={s.value}>
                              {s.label}
                            </option>
                          ))}
                        </NativeSelect>
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="roofSurfaceMaterial"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Roof surface material</FormLabel>
                      <FormControl>
                        <NativeSelect {...field}>
                          {ROOF_SURFACE_MATERIALS.map((m) => (
                            <option key={m} value={m}>
                              {m}
                            </option>
                          ))}
                        </NativeSelect>
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-start">
                  Show my estimate
                </Button>
              </form>
            </Form>
          </CardContent>
        </Card>

        <Card className="lg:sticky lg:top-6">
          <CardHeader>
            <h2
              ref={resultRef}
              tabIndex={-1}
              className="text-xl leading-tight font-semibold tracking-tight outline-none"
            >
              Your ballpark range
            </h2>
          </CardHeader>
          <CardContent aria-live="polite" className="grid gap-6">
            {failed ? (
              <Alert variant="destructive" className="flex flex-wrap items-center gap-3">
                <AlertCircle aria-hidden="true" className="shrink-0" />
                <span className="flex-1">The pricing model could not be loaded. Check your connection.</span>
                <Button type="button" variant="outline" size="sm" onClick={retry}>
                  Try again
                </Button>
              </Alert>
            ) : !engine ? (
              <Spinner label="Loading the pricing model..." />
            ) : problem ? (
              <Alert variant="destructive" className="flex items-start gap-2">
                <AlertCircle aria-hidden="true" className="mt-0.5 shrink-0" />
                <span>{problem}</span>
              </Alert>
            ) : result ? (
              <BallparkResultView result={result} />
            ) : (
              <p className="text-muted-foreground">
                Enter your ZIP code and the size of your roof or house to see a fair price range for a full
                roof replacement.
              </p>
            )}
            <OrderReportCallout values={values} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}

function BallparkResultView({ result }: { result: BallparkResult }) {
  const { estimate, roofAreaSqFt } = result;
  const { lowCents, expectedCents, highCents } = estimate.range;
  const perSqFt = expectedCents / 100 / roofAreaSqFt;
  const groups = GROUPS.map((g) => ({
    label: g.label,
    cents: estimate.lineItems
      .filter((i) => g.categories.includes(i.category))
      .reduce((s, i) => s + i.totalCents, 0),
  })).filter((g) => g.cents !== 0);
  return (
    <div className="grid gap-6" data-testid="ballpark-result">
      <div>
        <p className="text-sm font-medium text-muted-foreground">Fair Market Value range</p>
        <p
          className="mt-1 text-3xl font-bold tracking-tight text-foreground sm:text-4xl"
          data-testid="ballpark-range"
        >
          {money(lowCents)} <span className="font-normal text-muted-foreground">to</span> {money(highCents)}
        </p>
        <p className="mt-2 text-base">
          Most likely about <strong>{money(expectedCents)}</strong>{' '}
          <span className="text-muted-foreground">(${perSqFt.toFixed(2)} per sq ft installed)</span>
        </p>
        <RangeBar low={lowCents} expected={expectedCents} high={highCents} />
      </div>
      <ul className="grid gap-2 text-sm">
        <li className="flex items-start gap-2">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            Priced for <strong>{estimate.zone.name}</strong>
          </span>
        </li>
        <li className="flex items-start gap-2">
          <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>{result.areaNote}</span>
        </li>
      </ul>
      <div>
        <h3 className="text-sm font-semibold">What makes up the price</h3>
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">Price by part of the job</caption>
          <tbody>
            {groups.map((g) => (
              <tr key={g.label} className="border-b last:border-b-0">
                <th scope="row" className="py-1.5 text-left font-normal text-muted-foreground">
                  {g.label}
                </th>
                <td className="py-1.5 text-right tabular-nums">{money(g.cents)}</td>
              </tr>
            ))}
            <tr className="border-b">
              <th scope="row" className="py-1.5 text-left font-normal text-muted-foreground">
                Contractor overhead and profit
              </th>
              <td className="py-1.5 text-right tabular-nums">{money(estimate.overheadAndProfitCents)}</td>
            </tr>
            <tr>
              <th scope="row" className="pt-2 text-left font-semibold">
                Expected total
              </th>
              <td className="pt-2 text-right font-semibold tabular-nums">{money(expectedCents)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <div>
        <h3 className="text-sm font-semibold">Why the range is this wide</h3>
        <ul className="mt-2 grid list-disc gap-1.5 pl-5 text-sm text-muted-foreground">
          {estimate.rangeReasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </div>
      <details className="group text-sm">
        <summary className="cursor-pointer font-semibold">What this ballpark assumes</summary>
        <ul className="mt-2 grid list-disc gap-1.5 pl-5 text-muted-foreground">
          <li>One existing layer of shingles is torn off; the deck is sound (no new plywood).</li>
          <li>A simple gable roof: edge and ridge lengths are estimated from the area.</li>
          {estimate.assumptions.slice(0, 1).map((a) => (
            <li key={a}>{a}</li>
          ))}
          {estimate.assumptions
            .filter((a) => a.startsWith('Ice barrier') || a.startsWith('Not included'))
            .map((a) => (
              <li key={a}>{a}</li>
            ))}
        </ul>
      </details>
    </div>
  );
}

/** A bar from low to high with a mark at the expected value. */
function RangeBar({ low, expected, high }: { low: number; expected: number; high: number }) {
  const pos = high > low ? ((expected - low) / (high - low)) * 100 : 50;
  return (
    <div aria-hidden="true" className="mt-4">
      <div className="relative h-2 rounded-full bg-gradient-to-r from-primary/25 via-primary/60 to-primary/25">
        <div
          className="absolute top-1/2 size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-card bg-primary shadow"
          style={{ left: `${pos}%` }}
        />
      </div>
      <div className="mt-1 flex justify-between text-xs text-muted-foreground">
        <span>Low</span>
        <span>Expected</span>
        <span>High</span>
      </div>
    </div>
  );
}

/** 'Order the full report' carries the ZIP, the material and the size into /quote. */
function OrderReportCallout({ values }: { values: BallparkFormValues }) {
  const search = estimateToQuoteSearch({
    zipCode: values.zipCode,
    roofSurfaceMaterial: values.roofSurfaceMaterial,
    areaMode: values.areaMode,
    roofAreaSqFt: values.roofAreaSqFt,
    floorAreaSqFt: values.floorAreaSqFt,
    stories: values.stories,
  });
  return (
    <div className="rounded-lg border border-primary/30 bg-primary/5 p-4">
      <p className="font-semibold">Need a price an adjuster or contractor will accept?</p>
      <p className="mt-1 text-sm text-muted-foreground">
        The full Fair Market Value report prices your roof from a HOVER, EagleView, Roofr or GAF measurement
        file, line by line, and arrives as a PDF by email.
      </p>
      <Button asChild className="mt-3">
        <Link href={search ? `/quote?${search}` : '/quote'}>
          Order the full report <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}
