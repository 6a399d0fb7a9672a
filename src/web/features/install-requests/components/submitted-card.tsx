import { type InstallRequestCreated, installNotices } from '@domain/install-requests/schemas';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useAuth } from '@web/lib/use-auth';
import { CheckCircle2 } from 'lucide-react';
import { Link } from 'wouter';

export function SubmittedCard({
  created,
  email,
  onAnother,
}: {
  created: InstallRequestCreated;
  email: string;
  onAnother: () => void;
}) {
  const { isAuthenticated } = useAuth();
  return (
    <Card>
      <CardHeader>
        <CheckCircle2 aria-hidden="true" className="size-8 text-primary" />
        <CardTitle>{installNotices.successTitle}</CardTitle>
        <CardDescription>
          We'll contact you within 24 hours. Your reference is{' '}
          <span className="font-mono font-semibold text-foreground">{created.reference}</span>; we sent a
          confirmation to <span className="font-medium text-foreground">{email}</span>.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isAuthenticated ? (
          <p className="text-sm">Your new project is listed in your dashboard as 'Finding Contractors'.</p>
        ) : (
          <p className="text-sm">
            Follow your project online: create your free account with <strong>{email}</strong>. Your request
            is already linked to that address.
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          {isAuthenticated ? (
            <Button asChild>
              <Link href="/customer-dashboard">Go to my dashboard</Link>
            </Button>
          ) : (
            <Button asChild>
              <Link href="/register">Create your account</Link>
            </Button>
          )}
          <Button variant="outline" onClick={onAnother}>
            Submit another request
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
