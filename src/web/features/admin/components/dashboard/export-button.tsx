import type { AdminListKind } from '@domain/admin/lists';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { Download } from 'lucide-react';
import { adminListCsvUrl, adminSummaryQuery } from '../../api/admin-lists';

const lists: { kind: AdminListKind; label: string }[] = [
  { kind: 'projects', label: 'Projects' },
  { kind: 'contractors', label: 'Contractors' },
  { kind: 'users', label: 'Users' },
];

/**
 * Export Data (issue 26 #2): each list as a CSV file the server streams page by page, so a
 * download of 100,000 rows never holds the table in the browser or in the server's memory. A
 * panel's own Export CSV takes its search and filters.
 */
export function ExportDataButton() {
  const summary = useQuery(adminSummaryQuery());
  const rows = (kind: AdminListKind) => {
    const n = summary.data?.[kind].total;
    return n === undefined ? '' : ` (${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'})`;
  };
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Download aria-hidden="true" />
          Export Data
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Export Data</DialogTitle>
          <DialogDescription>
            Each list downloads as a CSV file (UTF-8), every row. To export part of a list, open its card,
            search or filter it, and use its Export CSV.
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2" aria-label="Lists to export">
          {lists.map(({ kind, label }) => (
            <li key={kind}>
              <Button asChild variant="outline" className="w-full justify-start">
                <a href={adminListCsvUrl(kind, {})} download>
                  <Download aria-hidden="true" />
                  {label}
                  {rows(kind)}
                </a>
              </Button>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
