import { PlaceholderPage } from '@web/components/placeholder-page';
import { usePublicConfig } from '@web/lib/use-public-config';

export function ContactPage() {
  const { supportEmail } = usePublicConfig();
  return (
    <PlaceholderPage
      heading="Contact Us"
      description="Chat with us for a reply within 5-10 minutes during business hours, or email us and we'll reply within 24 hours."
      comingSoon={
        <>
          The contact forms are coming soon. Until then, write to{' '}
          <a
            href={`mailto:${supportEmail}`}
            className="font-semibold text-primary underline-offset-4 hover:underline"
          >
            {supportEmail}
          </a>
          .
        </>
      }
    />
  );
}
