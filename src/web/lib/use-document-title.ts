import { useEffect } from 'react';
import { usePublicConfig } from './use-public-config';

/** Sets the tab title to `<page> | <brand>` (or the brand alone when no page is given). */
export function useDocumentTitle(page?: string): void {
  const { brandName } = usePublicConfig();
  useEffect(() => {
    document.title = page ? `${page} | ${brandName}` : brandName;
  }, [page, brandName]);
}
