import { contractorProfileMessages } from '@domain/contractors/profile';
import { CenteredMessage } from '@web/components/dashboard-shell';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { Pencil } from 'lucide-react';
import { Link } from 'wouter';

/** The contractor dashboard's states around the board: loading, no profile yet, the edit-profile button. */
export function Loading() {
  return (
    <CenteredMessage>
      <Spinner label="Loading..." />
      <p className="text-muted-foreground">Loading...</p>
    </CenteredMessage>
  );
}

export function ProfileRequired() {
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold tracking-tight">{contractorProfileMessages.required}</h1>
          <CardDescription>{contractorProfileMessages.requiredDescription}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link href="/contractor/profile">Complete Profile</Link>
          </Button>
        </CardContent>
      </Card>
    </section>
  );
}

export function EditProfileButton() {
  return (
    <Button variant="outline" asChild>
      <Link href="/contractor/profile">
        <Pencil aria-hidden="true" />
        Edit Profile
      </Link>
    </Button>
  );
}
