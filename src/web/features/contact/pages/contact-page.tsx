import { PageHeader } from '@web/components/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { usePublicConfig } from '@web/lib/use-public-config';
import { Mail, MessageCircle } from 'lucide-react';
import { useSearch } from 'wouter';
import { ChatSupportForm } from '../components/chat-support-form';
import { EmailSupportForm } from '../components/email-support-form';

/** /contact: priority chat support and email support, open to anyone (spec 1 §2 Contact). */
export function ContactPage() {
  useDocumentTitle('Contact Us');
  const { supportEmail } = usePublicConfig();
  const projectId = new URLSearchParams(useSearch()).get('projectId')?.trim() || undefined;

  return (
    <>
      <PageHeader
        title="Contact Us"
        description="Chat with us for a reply within 5-10 minutes during business hours, or email us and we'll reply within 24 hours."
      />
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6 lg:grid-cols-2 lg:items-start lg:px-8">
        <Card className="border-primary/40">
          <CardHeader>
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
                <MessageCircle aria-hidden="true" className="size-5" />
              </span>
              <div>
                <CardTitle>Priority Chat Support</CardTitle>
                <p className="text-sm font-medium text-primary">Reply within 5-10 minutes</p>
              </div>
            </div>
            <CardDescription>
              Our support team answers chat messages within 5-10 minutes during business hours, at the email
              address you give here.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ChatSupportForm projectId={projectId} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
                <Mail aria-hidden="true" className="size-5" />
              </span>
              <div>
                <CardTitle>Email Support</CardTitle>
                <p className="text-sm font-medium text-muted-foreground">Reply within 24 hours</p>
              </div>
            </div>
            <CardDescription>
              For detailed questions about a quote, a report, a claim or a project. You can also write to{' '}
              <a href={`mailto:${supportEmail}`} className="font-semibold text-primary hover:underline">
                {supportEmail}
              </a>
              .
            </CardDescription>
          </CardHeader>
          <CardContent>
            <EmailSupportForm />
          </CardContent>
        </Card>
      </div>
    </>
  );
}
