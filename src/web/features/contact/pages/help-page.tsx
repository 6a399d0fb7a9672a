import { PlaceholderPage } from '@web/components/placeholder-page';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Mail } from 'lucide-react';
import { Link } from 'wouter';

export function HelpPage() {
  return (
    <PlaceholderPage
      heading="Help Center"
      description="Questions about a quote, a project or your account? We're here to help."
    >
      <Card className="max-w-xl">
        <CardHeader>
          <Mail aria-hidden="true" className="size-7 text-primary" />
          <CardTitle>Email Support</CardTitle>
          <CardDescription>We reply within 24 hours.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link href="/contact">Send Email</Link>
          </Button>
        </CardContent>
      </Card>
    </PlaceholderPage>
  );
}
