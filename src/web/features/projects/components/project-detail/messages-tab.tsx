import type { PublicUser } from '@domain/auth/schemas';
import type { Project } from '@domain/projects/schemas';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { MessagingPanel } from '@web/features/messages';
import { MessageSquare } from 'lucide-react';
import { Suspense, useState } from 'react';
import { contractorProjectsQuery, homeownerProjectsQuery } from '../../api/get-projects';
import { Participants } from './participants';

/**
 * The Messages tab: the messaging panel with this project selected and the viewer's other
 * projects beside it. Admins follow a project but do not write in its conversation: they see who
 * is on it and how to reach them.
 */
const loading = (
  <p className="flex items-center gap-2 text-muted-foreground">
    <Spinner /> Loading...
  </p>
);

export function MessagesTab({ project, user }: { project: Project; user: PublicUser }) {
  const isHomeowner = project.homeownerId === user.id;
  const isContractor = project.contractor?.userId === user.id;
  const [selected, setSelected] = useState<string>(project.id);
  const ownList = useQuery({ ...homeownerProjectsQuery(user.id), enabled: isHomeowner });
  const assignedList = useQuery({
    ...contractorProjectsQuery(user.id),
    enabled: isContractor && !isHomeowner,
  });
  const projects = isHomeowner ? ownList : assignedList;

  if (!isHomeowner && !isContractor) {
    return (
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <MessageSquare aria-hidden="true" className="size-5 text-primary" />
            Messages
          </CardTitle>
          <CardDescription>
            The conversation belongs to the homeowner and the contractor. Reach them directly:
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Participants project={project} />
        </CardContent>
      </Card>
    );
  }
  if (projects.isLoading) return loading;
  // this project first even if the list failed or has not caught up with it
  const list = projects.data?.some((p) => p.id === project.id)
    ? projects.data
    : [project, ...(projects.data ?? [])];
  return (
    <Suspense fallback={loading}>
      <MessagingPanel
        viewerId={user.id}
        projects={list}
        selectedProjectId={selected}
        onSelect={setSelected}
      />
    </Suspense>
  );
}
