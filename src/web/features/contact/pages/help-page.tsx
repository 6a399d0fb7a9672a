import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { usePublicConfig } from '@web/lib/use-public-config';
import { ChevronDown, Mail } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'wouter';

const inlineLink = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

const questions: Array<{ q: string; a: React.ReactNode }> = [
  {
    q: 'How long does my report take?',
    a: 'Most Fair Market Value reports arrive by email as a PDF within 5-10 minutes of ordering. Roofs that need a closer look are delivered within 24 hours, and we email you if yours is one of them.',
  },
  {
    q: 'Do I need an account to order a quote?',
    a: (
      <>
        No. Anyone can{' '}
        <Link href="/quote" className={inlineLink}>
          order a quote
        </Link>{' '}
        without an account or signup. An account lets you view your quotes, track projects and download
        reports later.
      </>
    ),
  },
  {
    q: 'How much does a quote cost?',
    a: 'A Fair Market Value report costs $450, paid by card when you order. If you have a discount code, enter it before paying and the new price is shown before you confirm.',
  },
  {
    q: 'Which measurement files can I upload?',
    a: 'Roof measurement reports from HOVER, EagleView, Roofr or GAF QuickSquare, as .json, .xml or .csv files up to 5 MB. A file is optional: without one, we price from the property details you enter.',
  },
  {
    q: 'My carrier accepted my estimate. How do I get the roof installed?',
    a: (
      <>
        Send an{' '}
        <Link href="/request-install" className={inlineLink}>
          installation request
        </Link>{' '}
        and we contact you within 24 hours, or{' '}
        <Link href="/#convert-quote" className={inlineLink}>
          turn your quote into a project
        </Link>{' '}
        with the quote ID from your report. We then match you with a verified contractor who serves your area.
      </>
    ),
  },
  {
    q: 'How are contractors verified?',
    a: "Every contractor holds an active state license, liability insurance of $1M or more and workers' compensation, has 3+ years of experience and local references, passed a background check and is manufacturer certified.",
  },
  {
    q: 'When do I pay the contractor?',
    a: 'No payment is due until work begins, and the final payment only on satisfactory completion. Your warranty starts at the final payment.',
  },
  {
    q: 'What warranties do I get?',
    a: 'Installations through our marketplace carry a 10-year labor (workmanship) warranty, and material warranties of up to 50 years depending on the product. You receive the warranty paperwork after the final inspection.',
  },
  {
    q: 'How do I follow my project?',
    a: (
      <>
        <a href="/api/login" className={inlineLink}>
          Sign in
        </a>{' '}
        and open your dashboard. Projects are assigned by your insurance company or contractor; each one shows
        its progress, files and messages in real time.
      </>
    ),
  },
  {
    q: "I didn't receive my report. What should I do?",
    a: 'Check your spam or promotions folder first. If it is not there after 24 hours, send us an email with the Project ID shown after your order and we will resend it.',
  },
];

export function HelpPage() {
  useDocumentTitle();
  const { supportEmail } = usePublicConfig();
  return (
    <>
      <PageHeader
        eyebrow="Support"
        title="Help Center"
        description="Questions about a quote, a project or your account? Find an answer below, or write to us."
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_1.6fr] lg:items-start lg:px-8">
        <Card className="lg:sticky lg:top-24">
          <CardHeader>
            <span className="inline-flex size-12 items-center justify-center rounded-lg bg-secondary text-primary">
              <Mail aria-hidden="true" className="size-6" />
            </span>
            <CardTitle className="mt-2">Email Support</CardTitle>
            <CardDescription className="text-base">
              Write to us about anything: quotes, payments, projects or your account. We reply within 24
              hours.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <p className="text-sm text-muted-foreground">
              Include your Project ID if you have one, so we can answer without asking twice. You can also
              write to{' '}
              <a href={`mailto:${supportEmail}`} className={inlineLink}>
                {supportEmail}
              </a>
              .
            </p>
            <Button size="lg" asChild className="justify-self-start">
              <Link href="/contact">Send Email</Link>
            </Button>
          </CardContent>
        </Card>

        <section aria-labelledby="faq-heading">
          <h2 id="faq-heading" className="text-2xl font-bold tracking-tight">
            Frequently asked questions
          </h2>
          <div className="mt-6 divide-y rounded-xl border bg-card shadow-sm">
            {questions.map(({ q, a }) => (
              <details key={q} className="group px-5 [&_summary::-webkit-details-marker]:hidden">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-semibold">
                  <h3 className="text-base">{q}</h3>
                  <ChevronDown
                    aria-hidden="true"
                    className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                  />
                </summary>
                <div className="pb-5 text-muted-foreground">{a}</div>
              </details>
            ))}
          </div>
        </section>
      </div>
    </>
  );
}
