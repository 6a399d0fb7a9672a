import { useDocumentTitle } from '@web/lib/use-document-title';
import { usePublicConfig } from '@web/lib/use-public-config';
import { Link } from 'wouter';
import { LegalDocument, type LegalSection } from '../components/legal-document';

const link = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

export function PrivacyPage() {
  useDocumentTitle();
  const { brandName, supportEmail } = usePublicConfig();
  const mail = (
    <a href={`mailto:${supportEmail}`} className={link}>
      {supportEmail}
    </a>
  );

  const sections: LegalSection[] = [
    {
      id: 'information-we-collect',
      title: 'Information we collect',
      body: (
        <>
          <p>We collect only what we need to price your roof, run your project and support you.</p>
          <p>
            <strong>Information you give us.</strong>
          </p>
          <ul>
            <li>Contact details: your name, email address and phone number.</li>
            <li>
              Property details: the property address, roof type, size, pitch, age and condition, and any roof
              measurement file you upload.
            </li>
            <li>
              Project details: installation requests, preferred timing, photos, documents and the messages you
              exchange with your contractor or with us.
            </li>
            <li>
              Contractor details, for contractors who join the network: company information, licenses,
              insurance certificates, service area, banking and tax details.
            </li>
            <li>Support requests you send us by chat or email.</li>
          </ul>
          <p>
            <strong>Payment information.</strong> Card payments are processed by our payment provider. We
            receive the payment status, the amount and the last four digits of the card, never the full card
            number.
          </p>
          <p>
            <strong>Information collected automatically.</strong> When you use the site we record technical
            data such as your IP address, browser and device type, the pages you visit and the time of each
            request. We use it to keep the service secure and working.
          </p>
        </>
      ),
    },
    {
      id: 'how-we-use-information',
      title: 'How we use your information',
      body: (
        <ul>
          <li>To produce your Fair Market Value report and email it to you.</li>
          <li>To process payments and apply discount codes.</li>
          <li>To create and run installation projects you request, and to match you with a contractor.</li>
          <li>To run your account: sign-in, dashboards, real-time project updates and messages.</li>
          <li>
            To answer your support requests and send you service messages about your quotes and projects.
          </li>
          <li>
            To verify contractors: check licenses, insurance and background checks before and during their
            time in the network.
          </li>
          <li>
            To improve our pricing models, using roof and price data that no longer identifies you or your
            property.
          </li>
          <li>To prevent fraud and abuse, keep the service secure, and meet our legal obligations.</li>
        </ul>
      ),
    },
    {
      id: 'sharing-with-contractors',
      title: 'When we share information',
      body: (
        <>
          <p>
            <strong>With contractors, only when you request installation.</strong> Ordering a quote never
            shares your details with a contractor. When you request installation or turn a quote into a
            project, we share with the matched contractor what they need to do the job: your name, contact
            details, the property address, roof details and project files. Contractors may use this
            information only for your project.
          </p>
          <p>
            <strong>With the party that ordered a report.</strong> When an insurance carrier, solar company or
            real estate team orders a report about a property, the report goes to them.
          </p>
          <p>
            <strong>With service providers</strong> who process payments, deliver email, and host our systems,
            under contracts that limit their use of your information to providing those services.
          </p>
          <p>
            <strong>When the law requires it</strong>, to answer valid legal process, or to protect the
            rights, property or safety of our users, contractors or the public.
          </p>
          <p>
            <strong>In a business transfer</strong>, such as a merger or acquisition, in which case this
            policy continues to apply to your information.
          </p>
          <p>We do not sell your personal information and we do not share it for advertising.</p>
        </>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights and choices',
      body: (
        <>
          <p>Wherever you live in the United States, you can ask us to exercise these rights:</p>
          <ul>
            <li>
              <strong>Access:</strong> receive a copy of the personal information we hold about you.
            </li>
            <li>
              <strong>Correction:</strong> fix information that is wrong or incomplete. Much of it you can
              edit yourself in your account.
            </li>
            <li>
              <strong>Deletion:</strong> have your personal information deleted, except what we must keep by
              law (for example payment records) or to finish a project in progress.
            </li>
            <li>
              <strong>Opt-out:</strong> stop marketing emails at any time with the unsubscribe link or by
              writing to us. Service messages about your quotes and projects continue while you use the
              service.
            </li>
            <li>
              <strong>Portability:</strong> receive your information in a structured, machine-readable format,
              to take to another service.
            </li>
          </ul>
          <p>
            To use any of these rights, email {mail} from the address linked to your account, or use the{' '}
            <Link href="/contact" className={link}>
              contact page
            </Link>
            . We may ask you to confirm your identity, and we answer within 30 days. We never treat you
            differently for using your rights.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      body: (
        <>
          <p>
            We use one essential cookie to keep you signed in. It is set only when you sign in, cannot be read
            by scripts on the page, and is deleted when you sign out or the session ends.
          </p>
          <p>
            Our payment provider may set its own cookies in the payment form to prevent fraud. We do not use
            advertising or cross-site tracking cookies.
          </p>
          <p>
            You can block or delete cookies in your browser settings. Without the sign-in cookie you can still
            order a quote, but you cannot use an account.
          </p>
        </>
      ),
    },
    {
      id: 'security',
      title: 'How we protect your information',
      body: (
        <p>
          Our security controls are audited to SOC 2. Data travels encrypted between your browser and our
          servers, passwords are stored only as strong one-way hashes, and sensitive contractor data such as
          bank account and tax numbers is encrypted at rest and never shown in full. Access inside our company
          is limited to the people who need it for their work. No system is perfectly secure; if a breach
          affects your information, we will tell you as the law requires.
        </p>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep information',
      body: (
        <p>
          We keep your information while your account is open or while we need it to deliver reports, complete
          projects and honor warranties. Payment and tax records are kept as long as the law requires, usually
          seven years. When information is no longer needed, we delete it or remove what identifies you.
        </p>
      ),
    },
    {
      id: 'children',
      title: "Children's privacy",
      body: (
        <p>
          {brandName} is not meant for people under 18. We do not knowingly collect information from anyone
          under 18, and we delete it if we learn that we have. If you believe a minor has given us
          information, please contact us.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      body: (
        <p>
          If we change this policy, we update the date at the top of this page. If a change is significant, we
          also tell account holders by email before it takes effect.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact us',
      body: (
        <p>
          Questions about this policy or your information: email {mail} or use the{' '}
          <Link href="/contact" className={link}>
            contact page
          </Link>
          . We reply within 24 hours.
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what information {brandName} collects when you use our roofing marketplace and
          estimate platform, how we use it, when we share it, and the choices you have.
        </p>
      }
      sections={sections}
    />
  );
}
