import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { Link } from 'wouter';

export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center sm:py-28">
      <p className="text-sm font-semibold tracking-widest text-accent-foreground/80 uppercase">Error 404</p>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Page Not Found</h1>
      <p className="text-muted-foreground">
        The page you're looking for doesn't exist or has moved. Check the address, or head back to the home
        page.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href="/">Go to the home page</Link>
        </Button>
        <Button variant="outline" asChild>
          <Link href="/help">Visit the Help Center</Link>
        </Button>
      </div>
    </section>
  );
}
