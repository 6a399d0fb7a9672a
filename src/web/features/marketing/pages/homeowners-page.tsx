import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { FileText, UserRound } from 'lucide-react';
import { Link } from 'wouter';

export function HomeownersPage() {
  useDocumentTitle('Homeowners');
  return (
    <>
      <PageHeader
        eyebrow="Homeowners"
        title="Roofing made clear for homeowners"
        description="Order a neutral Fair Market Value report, then follow your installation with a verified contractor."
      />
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6 md:grid-cols-2 lg:px-8">
        <Card>
          <CardHeader>
            <FileText aria-hidden="true" className="size-8 text-primary" />
            <CardTitle>Order New Quote</CardTitle>
            <CardDescription>
              No account, no signup. Your report arrives by email in 5-10 minutes.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild>
              <Link href="/quote">Order New Quote</Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <UserRound aria-hidden="true" className="size-8 text-primary" />
            <CardTitle>Access Your Account</CardTitle>
            <CardDescription>
              View quotes, track projects, connect with contractors and download reports.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-3">
            <Button asChild>
              <a href="/api/login">Sign In</a>
            </Button>
            <Button variant="outline" asChild>
              <a href="/api/login">Create Account</a>
            </Button>
          </CardContent>
        </Card>
        <p className="text-muted-foreground md:col-span-2">
          Your carrier already approved an estimate?{' '}
          <Link href="/request-install" className="font-semibold text-primary hover:underline">
            Request installation
          </Link>
          .
        </p>
      </div>
    </>
  );
}
