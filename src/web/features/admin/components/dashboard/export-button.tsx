import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/error-message';
import { toast } from '@web/lib/use-toast';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { allProjectsQuery, allUsersQuery } from '../../api/dashboard';
import { allContractorsQuery } from '../../api/get-contractors';
import { exportCsv } from '../dashboard-model';

/** Export Data: one CSV file with the projects, contractors and users, each a section with its header. */
export function ExportDataButton({ brand }: { brand: string }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const [projects, contractors, users] = await Promise.all([
        queryClient.fetchQuery(allProjectsQuery()),
        queryClient.fetchQuery(allContractorsQuery()),
        queryClient.fetchQuery(allUsersQuery()),
      ]);
      const blob = new Blob([exportCsv(projects, contractors, users)], { type: 'text/csv;charset=utf-8' });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${brand.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-export-${new Date().toISOString().slice(0, 10)}.csv`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="outline" onClick={() => void download()} disabled={busy}>
      <Download aria-hidden="true" />
      {busy ? 'Exporting...' : 'Export Data'}
    </Button>
  );
}
