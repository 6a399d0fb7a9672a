import { PlaceholderPage } from '@web/components/placeholder-page';
import { Button } from '@web/components/ui/button';
import { dashboardPathFor } from '@web/lib/navigation';
import { useAuth } from '@web/lib/use-auth';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'wouter';

export function ProjectDetailPage() {
  const { id } = useParams<{ id: string }>();
  const { user } = useAuth();
  return (
    <PlaceholderPage
      heading={`Project ${id}`}
      documentTitle="Project Details"
      description="Location, budget, the six-step workflow and messages for this project."
      actions={
        user ? (
          <Button variant="outline" asChild>
            <Link href={dashboardPathFor(user.userType)}>
              <ArrowLeft aria-hidden="true" />
              Back
            </Link>
          </Button>
        ) : undefined
      }
    />
  );
}
