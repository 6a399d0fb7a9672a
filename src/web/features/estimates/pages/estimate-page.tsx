import { type BallparkFormValues, ballparkFormSchema } from '@domain/estimates/ballpark-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PageHeader } from '@web/components/page-header';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { AlertCircle } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { BallparkFormCard } from '../components/ballpark-form-card';
import { BallparkResultView, OrderReportCallout } from '../components/ballpark-result';
import { type BallparkResult, useEngine } from '../hooks/use-ballpark-engine';

const DEFAULTS: BallparkFormValues = {
  zipCode: '',
  areaMode: 'roof',
  roofAreaSqFt: '',
  floorAreaSqFt: '',
  stories: '1',
  steepness: '6',
  roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
};

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
        <BallparkFormCard form={form} areaMode={areaMode} onSubmit={onSubmit} />

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
