import { useDocumentTitle } from '@web/lib/use-document-title';
import { usePublicConfigState } from '@web/lib/use-public-config';
import { Link } from 'wouter';
import { LegalDocument, type LegalSection } from '../components/legal-document';
import { paymentSections } from './terms-payment-sections';

const link = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

export function TermsPage() {
  useDocumentTitle();
  const { config, loaded } = usePublicConfigState();
  const { brandName, supportEmail, governingLawState } = config;
  const mail = (
    <a href={`mailto:${supportEmail}`} className={link}>
      {supportEmail}
    </a>
  );
  // The state comes from the server's configuration: show nothing rather than a default that may be wrong.
  const state = loaded ? (
    <span data-testid="governing-law-state">{governingLawState}</span>
  ) : (
    <span
      className="inline-block h-4 w-24 animate-pulse rounded bg-secondary align-middle"
      aria-hidden="true"
    />
  );

  const sections: LegalSection[] = [
    {
      id: 'acceptance',
      title: 'Acceptance of these terms',
      body: (
        <>
          <p>
            These Terms of Service are an agreement between you and {brandName}. By ordering a quote, creating
            an account, requesting installation or otherwise using our website and services, you accept these
            terms and our{' '}
            <Link href="/privacy" className={link}>
              Privacy Policy
            </Link>
            . If you do not accept them, please do not use the service.
          </p>
          <p>
            You must be at least 18 years old to use the service. If you use it for a company, such as an
            insurance carrier or a roofing business, you confirm that you may accept these terms for that
            company.
          </p>
        </>
      ),
    },
    {
      id: 'marketplace',
      title: 'Our role as a marketplace',
      body: (
        <>
          <p>
            {brandName} provides AI-assisted Fair Market Value roof estimates and runs a marketplace that
            connects homeowners and businesses with independent roofing contractors. We are a marketplace
            only: we do not perform roofing work, and we are not a party to the contract between you and your
            contractor.
          </p>
          <p>
            We verify contractors before they join, match installation requests with them, provide tools to
            track projects and exchange messages, and support you along the way.
          </p>
        </>
      ),
    },
    {
      id: 'accounts',
      title: 'Accounts',
      body: (
        <>
          <p>
            You can order a quote without an account. To track projects, message contractors or download
            reports, you need one. You agree to give accurate information, keep it up to date, and keep your
            password secret.
          </p>
          <p>
            You are responsible for what happens under your account. Tell us right away at {mail} if you think
            someone else has used it. We may suspend an account to protect you or others while we look into
            it.
          </p>
        </>
      ),
    },
    {
      id: 'prohibited-uses',
      title: 'Prohibited uses',
      body: (
        <>
          <p>You agree not to:</p>
          <ul>
            <li>give false information, or order reports for property you have no legitimate interest in;</li>
            <li>use the service for fraud, including inflated or staged insurance claims;</li>
            <li>impersonate another person or company, or misrepresent a license or insurance policy;</li>
            <li>harass, threaten or send spam to other users or contractors;</li>
            <li>
              copy, scrape or resell our reports, prices or data, except through an API agreement with us;
            </li>
            <li>probe, overload or break the security of the service, or reach data that is not yours;</li>
            <li>arrange to move a job matched through the marketplace off it to avoid these terms.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'contractor-independence',
      title: 'Contractor independence',
      body: (
        <>
          <p>
            Contractors are independent businesses, not our employees, agents or partners. They decide how to
            perform the work, supply their own crews, tools and materials, and are responsible for their
            workmanship, permits, licenses, insurance and compliance with building codes and the law.
          </p>
          <p>
            We verify that each contractor holds an active state license, liability insurance of $1M or more
            and workers' compensation, has 3+ years of experience and local references, has passed a
            background check and is manufacturer certified. Verification lowers risk but is not a guarantee of
            any contractor's future work.
          </p>
        </>
      ),
    },
    ...paymentSections(brandName),
    {
      id: 'disputes',
      title: 'Dispute resolution',
      body: (
        <>
          <p>Most problems are solved with a conversation. If we disagree, we follow these steps in order:</p>
          <ol>
            <li>
              <strong>Support.</strong> Contact us at {mail} or through the{' '}
              <Link href="/contact" className={link}>
                contact page
              </Link>{' '}
              and describe the problem. We work with you, and with the contractor when one is involved, for at
              least 30 days to resolve it.
            </li>
            <li>
              <strong>Mediation.</strong> If support does not resolve it, either side may ask for mediation by
              a neutral mediator, with the mediator's fees shared equally.
            </li>
            <li>
              <strong>Binding arbitration.</strong> If mediation fails, the dispute is settled by binding
              arbitration before a single arbitrator, instead of in court. Either side may still bring an
              individual claim in small claims court.
            </li>
          </ol>
          <p>
            <strong>Class-action waiver.</strong> You and {brandName} each bring claims only individually, not
            as a plaintiff or class member in a class, collective or representative action, and the arbitrator
            may not combine claims of more than one person.
          </p>
        </>
      ),
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual property',
      body: (
        <p>
          The service, including our software, pricing models, reports' format, text, graphics and trademarks,
          belongs to {brandName} and its licensors. You may use the reports you buy for your own purposes,
          including sharing them with your carrier, lender, buyer or contractor. Files and content you upload
          remain yours; you give us the right to use them to provide the service to you.
        </p>
      ),
    },
    {
      id: 'termination',
      title: 'Termination',
      body: (
        <p>
          You may stop using the service and ask us to close your account at any time. We may suspend or close
          an account that breaks these terms or puts other users at risk, and we tell you why unless the law
          or safety prevents it. Sections that by their nature should survive termination, such as payment
          obligations, warranties, limitation of liability and dispute resolution, continue to apply.
        </p>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing law',
      body: (
        <p>
          These terms are governed by the laws of the State of {state} and the federal laws of the United
          States, without regard to conflict-of-law rules. Subject to the dispute resolution section, the
          state and federal courts located in {state} have jurisdiction.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      body: (
        <p>
          We may update these terms. We change the date at the top of this page when we do, and tell account
          holders by email before a significant change takes effect. Continuing to use the service afterwards
          means you accept the new terms.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact us',
      body: (
        <p>
          Questions about these terms: email {mail} or use the{' '}
          <Link href="/contact" className={link}>
            contact page
          </Link>
          .
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Terms of Service"
      intro={
        <p>
          Please read these terms carefully. They explain how our estimates and marketplace work, what you can
          expect from us and from contractors, and how we resolve disagreements.
        </p>
      }
      sections={sections}
    />
  );
}
