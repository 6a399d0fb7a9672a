import type { Project } from '@domain/projects/schemas';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { MessageSquare } from 'lucide-react';
import { Participants } from './participants';

/**
 * The Messages tab. Project messaging is its own piece of work (the messaging panel, issue 12):
 * until it lands this tab says so plainly and shows who is on the project and how to reach them,
 * rather than a chat box that sends nothing.
 */
export function MessagesTab({ project }: { project: Project }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquare aria-hidden="true" className="size-5 text-primary" />
          Messages
        </CardTitle>
        <CardDescription>
          Messages inside Ridgeline are not available yet: they arrive with the messaging panel. Until then,
          reach each other by e-mail or phone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Participants project={project} />
      </CardContent>
    </Card>
  );
}
