import type { ProjectFile } from '@domain/projects/schemas';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { errorMessage } from '@web/lib/error-message';
import { useAuth } from '@web/lib/use-auth';
import { toast } from '@web/lib/use-toast';
import { cn } from '@web/lib/utils';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useDeleteProjectFile } from '../../api/project-files';

/**
 * Deletes a file after a confirmation, shown only to the ones the server lets delete it: the
 * person who uploaded it and admins.
 */
export function DeleteFileButton({
  projectId,
  file,
  className,
}: {
  projectId: string;
  file: ProjectFile;
  className?: string;
}) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const remove = useDeleteProjectFile(projectId);
  if (!user || (user.userType !== 'admin' && user.id !== file.uploadedBy)) return null;

  async function confirm() {
    try {
      const result = await remove.mutateAsync(file.id);
      toast({ title: 'File Deleted', description: result.message });
      setOpen(false);
    } catch (err) {
      toast({
        title: 'Error',
        description: errorMessage(err, 'The file could not be deleted. Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className={cn('text-destructive hover:text-destructive', className)}
        onClick={() => setOpen(true)}
        aria-label={`Delete ${file.fileName}`}
      >
        <Trash2 aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Delete</span>
      </Button>
      <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Delete this file?</DialogTitle>
            <DialogDescription className="[overflow-wrap:anywhere]">
              {file.fileName} will be removed from the project for everyone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => void confirm()} disabled={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
