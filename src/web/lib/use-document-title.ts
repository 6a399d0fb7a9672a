import { documentTitle, metaForPath } from '@domain/site/seo';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { usePublicConfig } from './use-public-config';

function setMetaDescription(content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  tag.content = content;
}

/**
 * Sets the tab title to `<page> | <brand>` and the meta description, the same ones the server
 * writes into the HTML of this path (src/domain/site/seo.ts). `page` defaults to the route's title.
 */
export function useDocumentTitle(page?: string): void {
  const { brandName } = usePublicConfig();
  const [location] = useLocation();
  useEffect(() => {
    const meta = metaForPath(location);
    document.title = documentTitle(page ?? meta.title, brandName);
    setMetaDescription(meta.description);
  }, [page, brandName, location]);
}
