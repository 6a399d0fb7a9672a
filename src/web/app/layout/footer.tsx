import { BrandMark } from '@web/components/brand-mark';
import { HydrateLater } from '@web/components/hydrate-later';
import { usePublicConfig } from '@web/lib/use-public-config';
import { Link } from 'wouter';
import { companyLinks, legalLinks, type NavLink, serviceLinks } from './nav-links';

function LinkColumn({ title, links }: { title: string; links: NavLink[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-white">{title}</h2>
      <ul className="mt-3 grid gap-2">
        {links.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              className="rounded-sm text-sm text-header-foreground/75 hover:text-white hover:underline"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  const { brandName, supportEmail } = usePublicConfig();
  return (
    <HydrateLater>
      <footer className="bg-header text-header-foreground">
        <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr_1fr] lg:px-8">
          <div className="col-span-2 max-w-sm md:col-span-1">
            <Link href="/" className="inline-flex items-center gap-2 rounded-md">
              <BrandMark className="ring-1 ring-white/25 rounded-[7px]" />
              <span className="text-lg font-bold text-white">{brandName}</span>
            </Link>
            <p className="mt-3 text-sm text-header-foreground/75">
              Fair Market Value roof estimates and an open marketplace of pre-verified, licensed roofing
              contractors.
            </p>
            <p className="mt-3 text-sm text-header-foreground/75">
              Support:{' '}
              <a href={`mailto:${supportEmail}`} className="text-white underline-offset-4 hover:underline">
                {supportEmail}
              </a>
            </p>
          </div>
          <LinkColumn title="Services" links={serviceLinks} />
          <LinkColumn title="Company" links={companyLinks} />
          <LinkColumn title="Legal" links={legalLinks} />
        </div>
        <div className="border-t border-white/10">
          <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-header-foreground/60 sm:px-6 lg:px-8">
            {/* prerendered at build time: a page built last year shows that year until it hydrates */}©{' '}
            <span suppressHydrationWarning>{new Date().getFullYear()}</span> {brandName}. A marketplace only:
            independent, verified contractors do the work.
          </p>
        </div>
      </footer>
    </HydrateLater>
  );
}
