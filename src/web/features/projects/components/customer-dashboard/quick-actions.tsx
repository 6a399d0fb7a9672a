import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { AlertTriangle, FileText, MessageSquare } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';

/**
 * Quick Actions (spec 1 §2), each doing what it says: Message Center opens the project page's
 * Messages tab (the messaging panel), View Documents opens the Documents tab here, and
 * Report Issues opens the contact page with the project's id.
 */
export function QuickActions({
  projectId,
  onViewDocuments,
}: {
  projectId: string | null;
  onViewDocuments: () => void;
}) {
  const hintId = useId();
  const project = projectId ? encodeURIComponent(projectId) : null;
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-lg">Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        {project ? (
          <Button asChild variant="outline" className="justify-start">
            <Link href={`/projects/${project}?tab=messages`}>
              <MessageSquare aria-hidden="true" /> Message Center
            </Link>
          </Button>
        ) : (
          <Button variant="outline" className="justify-start" disabled aria-describedby={hintId}>
            <MessageSquare aria-hidden="true" /> Message Center
          </Button>
        )}
        <Button
          variant="outline"
          className="justify-start"
          onClick={onViewDocuments}
          disabled={!project}
          aria-describedby={project ? undefined : hintId}
        >
          <FileText aria-hidden="true" /> View Documents
        </Button>
        <Button asChild variant="outline" className="justify-start">
          <Link href={project ? `/contact?projectId=${project}` : '/contact'}>
            <AlertTriangle aria-hidden="true" /> Report Issues
          </Link>
        </Button>
        {project ? null : (
          <p id={hintId} className="text-xs text-muted-foreground">
            Select a project to message your contractor or see its documents.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
