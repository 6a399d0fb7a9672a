import {
  ALL_SPECIALTIES,
  SEARCH_ZIP_MIN_LENGTH,
  searchText,
  specialtyOptions,
} from '@domain/search/contractor-search-text';
import type { ContractorCard as Contractor } from '@domain/search/contractors';
import { Field } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Spinner } from '@web/components/ui/spinner';
import { parseApiError } from '@web/lib/error-message';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { AlertCircle, Search, SearchX } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import { useAvailableContractors } from '../api/get-available-contractors';
import { ContractorCard } from '../components/contractor-card';

const HOW_IT_WORKS = [
  {
    title: 'Search & Compare',
    text: 'Enter your ZIP code to see verified contractors who serve your area, with ratings, experience and distance.',
  },
  {
    title: 'Get Matched',
    text: 'Select a contractor and request your installation. We confirm the match and contact you within 24 hours.',
  },
  {
    title: 'Track Progress',
    text: 'Follow permits, materials, crew scheduling and installation in real time from your dashboard.',
  },
];

const SPECIALTY_VALUES: readonly string[] = specialtyOptions.map((o) => o.value);

// Radix's dialog code loads when a contractor is first opened, not with the page.
const OfferDialog = lazy(async () => ({
  default: (await import('../components/contractor-dialogs')).OfferDialog,
}));
const ProfileDialog = lazy(async () => ({
  default: (await import('../components/contractor-dialogs')).ProfileDialog,
}));

type SearchForm = { zip: string };

/**
 * The search box: the ZIP of the endpoint's own query schema (the specialty applies as it is
 * picked). zod and the schemas load with the first search, not with the page.
 */
const searchFormResolver: Resolver<SearchForm, unknown, SearchForm> = async (values, context, options) => {
  const [{ zodResolver }, { availableContractorsQuerySchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@domain/search/contractors'),
  ]);
  return zodResolver(availableContractorsQuerySchema.pick({ zip: true }))(values, context, options);
};

/** The contractor search (spec 1 §2 'Contractor search page'), at /contractors. */
export function ContractorSearchPage() {
  useDocumentTitle(searchText.heading);
  const id = useId();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const initialZip = params.get('zip')?.trim() ?? '';
  const initialSpecialty = params.get('specialty') ?? '';
  const form = useForm<SearchForm, unknown, SearchForm>({
    resolver: searchFormResolver,
    defaultValues: { zip: initialZip },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const zipError = form.formState.errors.zip?.message;
  const [specialty, setSpecialty] = useState<string | undefined>(
    SPECIALTY_VALUES.includes(initialSpecialty) ? initialSpecialty : undefined,
  );
  const [submittedZip, setSubmittedZip] = useState<string | null>(
    initialZip.length >= SEARCH_ZIP_MIN_LENGTH ? initialZip : null,
  );
  const [selected, setSelected] = useState<Contractor | null>(null);
  const [offerOpen, setOfferOpen] = useState(false);
  const [profile, setProfile] = useState<Contractor | null>(null);

  const activeSpecialty = specialty ?? ALL_SPECIALTIES;
  const query = useAvailableContractors(submittedZip, activeSpecialty);
  const canSearch = (form.watch('zip') ?? '').trim().length >= SEARCH_ZIP_MIN_LENGTH;

  function syncUrl(zip: string | null, spec: string) {
    const qs = new URLSearchParams();
    if (zip) qs.set('zip', zip);
    if (spec !== ALL_SPECIALTIES) qs.set('specialty', spec);
    const suffix = qs.toString();
    navigate(suffix ? `/contractors?${suffix}` : '/contractors', { replace: true });
  }

  const onSubmit = form.handleSubmit(({ zip }) => {
    setSubmittedZip(zip);
    setSelected(null);
    syncUrl(zip, activeSpecialty);
  });

  function onSpecialty(value: string) {
    setSpecialty(value);
    if (submittedZip) syncUrl(submittedZip, value);
  }

  function select(c: Contractor) {
    setSelected(c);
    setOfferOpen(true);
  }

  const results = query.data ?? [];
  return (
    <>
      <section className="border-b bg-gradient-to-b from-secondary to-background">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{searchText.heading}</h1>
          <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{searchText.subtitle}</p>
          <search aria-label="Search contractors" className="mt-8 block max-w-3xl">
            <form
              onSubmit={onSubmit}
              noValidate
              className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-[1fr_1fr_auto] sm:items-end"
            >
              <Field id={`${id}-zip`} label="ZIP code" error={zipError}>
                <Input
                  {...form.register('zip')}
                  placeholder={searchText.zipPlaceholder}
                  inputMode="numeric"
                  autoComplete="postal-code"
                  maxLength={10}
                />
              </Field>
              <Field id={`${id}-specialty`} label="Specialty">
                {(control) => (
                  <Select value={specialty} onValueChange={onSpecialty}>
                    <SelectTrigger {...control}>
                      <SelectValue placeholder={searchText.specialtyPlaceholder} />
                    </SelectTrigger>
                    <SelectContent>
                      {specialtyOptions.map((o) => (
                        <SelectItem key={o.value} value={o.value}>
                          {o.label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </Field>
              <Button type="submit" size="lg" disabled={!canSearch}>
                <Search aria-hidden="true" />
                Search
              </Button>
            </form>
          </search>
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:px-8">
        {submittedZip ? (
          <section aria-labelledby={`${id}-results`} aria-busy={query.isFetching}>
            {query.isLoading ? (
              <div className="flex items-center gap-3 py-10">
                <Spinner label={searchText.loading} />
                <p className="text-muted-foreground">{searchText.loading}</p>
              </div>
            ) : query.isError ? (
              <Card role="alert" className="border-destructive/40">
                <CardContent className="flex items-start gap-3 pt-6">
                  <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
                  <div>
                    <p id={`${id}-results`} className="font-semibold text-destructive">
                      {searchText.error}
                    </p>
                    {parseApiError(query.error).status === 400 && parseApiError(query.error).message ? (
                      <p className="mt-1 text-sm text-muted-foreground">
                        {parseApiError(query.error).message}
                      </p>
                    ) : null}
                    <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
                      Try again
                    </Button>
                  </div>
                </CardContent>
              </Card>
            ) : (
              <>
                <div className="flex flex-wrap items-end justify-between gap-2">
                  <div>
                    <h2 id={`${id}-results`} className="text-2xl font-bold tracking-tight">
                      {searchText.resultsHeading}
                    </h2>
                    <p className="mt-1 text-muted-foreground" role="status">
                      {results.length} {results.length === 1 ? 'contractor' : 'contractors'} found near{' '}
                      <span className="font-semibold text-foreground">{submittedZip}</span>
                    </p>
                  </div>
                  <p className="text-sm text-muted-foreground">{searchText.sortedNote}</p>
                </div>
                {results.length === 0 ? (
                  <Card className="mt-6">
                    <CardContent className="flex flex-col items-center gap-2 py-12 text-center">
                      <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
                      <h3 className="text-lg font-semibold">{searchText.emptyTitle}</h3>
                      <p className="max-w-md text-muted-foreground">{searchText.emptyHint}</p>
                    </CardContent>
                  </Card>
                ) : (
                  <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                    {results.map((c) => (
                      <li key={c.id} className="min-w-0">
                        <ContractorCard
                          contractor={c}
                          selected={selected?.id === c.id}
                          onSelect={() => select(c)}
                          onViewProfile={() => setProfile(c)}
                        />
                      </li>
                    ))}
                  </ul>
                )}
                {selected && results.some((c) => c.id === selected.id) ? (
                  <div className="sticky bottom-4 mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4 shadow-lg">
                    <p className="text-sm">
                      Selected: <span className="font-semibold">{selected.companyName}</span>
                    </p>
                    <Button asChild>
                      <Link href={`/request-install?contractor=${encodeURIComponent(selected.id)}`}>
                        Request Installation
                      </Link>
                    </Button>
                  </div>
                ) : null}
              </>
            )}
          </section>
        ) : null}

        <Card className="bg-secondary/40">
          <CardHeader>
            <CardTitle>How It Works</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="grid gap-6 sm:grid-cols-3">
              {HOW_IT_WORKS.map((step, i) => (
                <li key={step.title} className="flex gap-3">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">
                    {i + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold">{step.title}</h3>
                    <p className="mt-1 text-sm text-muted-foreground">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      </div>

      {selected ? (
        <Suspense fallback={null}>
          <OfferDialog contractor={selected} open={offerOpen} onOpenChange={setOfferOpen} />
        </Suspense>
      ) : null}
      {profile ? (
        <Suspense fallback={null}>
          <ProfileDialog contractor={profile} zip={submittedZip} onClose={() => setProfile(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
