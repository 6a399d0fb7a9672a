import { useCallback } from 'react';
import { useSearchParams } from 'wouter';

export const detailTabs = ['overview', 'details', 'documents', 'images'] as const;
export type DetailTab = (typeof detailTabs)[number];

function asTab(value: string | null): DetailTab {
  return detailTabs.includes(value as DetailTab) ? (value as DetailTab) : 'overview';
}

/**
 * The selected project and its tab live in the URL (?project=<id>&tab=documents), so a link from
 * a mail or the convert-quote notice opens them, and Back returns to the previous selection.
 */
export function useDashboardSelection() {
  const [params, setParams] = useSearchParams();
  const projectId = params.get('project')?.trim() || null;
  const tab = asTab(params.get('tab'));

  const select = useCallback(
    (id: string | null, nextTab: DetailTab = 'overview') =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('project', id);
        else next.delete('project');
        if (id && nextTab !== 'overview') next.set('tab', nextTab);
        else next.delete('tab');
        return next;
      }),
    [setParams],
  );

  /** A tab change replaces the entry: Back leaves the project, not each tab visited. */
  const setTab = useCallback(
    (nextTab: DetailTab) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (nextTab === 'overview') next.delete('tab');
          else next.set('tab', nextTab);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { projectId, tab, select, setTab };
}
