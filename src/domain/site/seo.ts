import { matchWebRoute, type WebRoute, webRoutes } from '../routes';

/**
 * Title and meta description of every page. The server writes them into the HTML it serves
 * (crawlers without JavaScript see them); the browser sets the same ones on navigation.
 */
export interface PageMeta {
  /** The page part of the title; the tab reads `<title> | <brand>`. */
  title: string;
  description: string;
  /** Listed in sitemap.xml and open to search engines; otherwise served with `noindex`. */
  index: boolean;
}

export const NOT_FOUND_META: PageMeta = {
  title: 'Page Not Found',
  description: "The page you're looking for doesn't exist or has moved.",
  index: false,
};

const privatePage = (title: string, description: string): PageMeta => ({ title, description, index: false });

export const pageMeta: Record<WebRoute, PageMeta> = {
  '/': {
    title: 'Fair Market Value Roof Estimates',
    description:
      'AI-assisted Fair Market Value roof estimates emailed as a PDF in 5-10 minutes, no account needed. 3500+ verified contractors in 48 states and Puerto Rico, 652 local price zones.',
    index: true,
  },
  '/homeowners': {
    title: 'Homeowners',
    description:
      'Order a neutral roof estimate with no account or signup, then track your installation with a pre-verified, licensed contractor and a 10-year labor warranty.',
    index: true,
  },
  '/homeowner': {
    title: 'Homeowners',
    description:
      'Order a neutral roof estimate with no account or signup, then track your installation with a pre-verified, licensed contractor and a 10-year labor warranty.',
    // The same page as /homeowners: only that address is indexed.
    index: false,
  },
  '/marketplace': {
    title: 'Roofing Marketplace',
    description:
      'Once your carrier accepts an estimate, opt in to installation: we match you with a verified, licensed and insured roofing contractor and you follow the work in real time.',
    index: true,
  },
  '/quote': {
    title: 'Get Your Roofing Quote',
    description:
      'Order a Fair Market Value roof estimate online for $450, no account needed. Upload a measurement file and get your PDF report by email in 5-10 minutes.',
    index: true,
  },
  '/estimate': {
    title: 'Get Your AI Market Estimate',
    description:
      'Request an AI market estimate for a roof replacement, based on local material and labor prices.',
    index: true,
  },
  '/insurance': {
    title: 'Insurance Claims',
    description:
      'Neutral Fair Market Value roof estimates for carriers and adjusters in 5-10 minutes, inspection scheduled within 24 hours, an open API for claims systems and SOC 2 compliance.',
    index: true,
  },
  '/solar': {
    title: 'Solar Installation',
    description:
      'Know the roof before the panels go on: roof condition and replacement cost reports for solar sales teams, delivered within 24 hours, with reroofing by verified contractors.',
    index: true,
  },
  '/real-estate': {
    title: 'Real Estate',
    description:
      'Roof replacement value for listings, offers and inspections: reports in 5-10 minutes, inspection scheduled within 24 hours, and a 10-year labor warranty on installs.',
    index: true,
  },
  '/request-install': {
    title: 'Installation Request Form',
    description:
      'Request roof installation with a verified contractor after your estimate is accepted. We contact you within 24 hours to schedule the work.',
    index: true,
  },
  '/thank-you': privatePage(
    'Thank You',
    'Your roof estimate request is being processed. Your report arrives by email in 5-10 minutes.',
  ),
  '/about': {
    title: 'About',
    description:
      'An open, neutral roofing marketplace: fair prices from 652 local price zones, 350K+ quotes delivered and 3500+ independent, pre-verified contractors who do the work.',
    index: true,
  },
  '/how-it-works': {
    title: 'How It Works',
    description:
      'From a fair price to a finished roof in four steps: get your quote, match with a verified contractor, professional installation and a quality guarantee. See a sample quote breakdown.',
    index: true,
  },
  '/help': {
    title: 'Help Center',
    description:
      'Answers about roof estimates, payments, installation requests and accounts, and email support that replies within 24 hours.',
    index: true,
  },
  '/contact': {
    title: 'Contact Us',
    description:
      'Talk to roofing support by live chat (reply within 5-10 minutes in business hours) or by email (reply within 24 hours). No account needed.',
    index: true,
  },
  '/privacy': {
    title: 'Privacy Policy',
    description:
      'What data we collect, how we use it, when we share it with contractors, your rights to access, correct, delete and port your data, and how we use cookies.',
    index: true,
  },
  '/terms': {
    title: 'Terms of Service',
    description:
      'The terms for using the marketplace: quotes, accounts, contractor independence, payment terms, warranties, liability and how disputes are resolved.',
    index: true,
  },
  '/contractors': {
    title: 'Find Verified Contractors',
    description:
      'Search pre-verified, licensed and insured roofing contractors who serve your ZIP code, by specialty, sorted by rating.',
    index: true,
  },
  '/contractor-application': privatePage(
    'Join Our Contractor Network',
    'Apply to join a network of pre-verified, licensed roofing contractors.',
  ),
  '/contractor-profile-setup': privatePage(
    'Contractor Profile Setup',
    'Complete your contractor profile, licenses and insurance.',
  ),
  '/contractor/profile': privatePage('Contractor Profile', 'Your contractor profile.'),
  '/contractor-banking-setup': privatePage(
    'Payment Setup',
    'Set up how you get paid for completed projects.',
  ),
  '/contractor-signup': {
    title: 'Join Our Install Network',
    description:
      'Roofing contractors: join a verified install network matched with homeowners ready to build. Licence, $1M liability and workers’ comp required.',
    index: true,
  },
  '/contractor-dashboard': privatePage('Contractor Dashboard', 'Your projects, checklist and messages.'),
  '/settings/notifications': privatePage(
    'Notification settings',
    'Choose which notifications are also e-mailed to you.',
  ),
  '/customer-dashboard': privatePage('Customer Dashboard', 'Your roofing projects and their progress.'),
  '/admin-dashboard': privatePage('Admin Dashboard', 'Marketplace administration.'),
  '/project/:id': privatePage('Project Details', 'Project progress, files and messages.'),
  '/projects/:id': privatePage('Project Details', 'Project progress, files and messages.'),
  '/login': privatePage(
    'Sign In',
    'Sign in to view your quotes, track projects and message your contractor.',
  ),
  '/register': privatePage(
    'Create Account',
    'Create an account to view your quotes, track projects and download reports.',
  ),
  '/confirm-email': privatePage('Confirm Email', 'Confirm your email address.'),
  '/forgot-password': privatePage('Forgot Password', 'Get a link to set a new password.'),
  '/reset-password': privatePage('Set a New Password', 'Choose a new password for your account.'),
  '/logout': privatePage('Sign Out', 'Sign out of your account.'),
};

/** The meta of a pathname: its route's, or the not-found page's. */
export function metaForPath(pathname: string): PageMeta {
  const route = matchWebRoute(pathname);
  return route ? pageMeta[route] : NOT_FOUND_META;
}

/** The full document title: `<page> | <brand>`, or the brand alone. */
export function documentTitle(page: string | undefined, brandName: string): string {
  return page ? `${page} | ${brandName}` : brandName;
}

/** The pages listed in sitemap.xml, in route-map order. */
export const sitemapRoutes: WebRoute[] = webRoutes.filter((route) => pageMeta[route].index);

/** Paths robots.txt keeps crawlers out of: the API, dashboards, projects and account set-up. */
export const robotsDisallow = [
  '/api/',
  '/admin-dashboard',
  '/contractor-dashboard',
  '/customer-dashboard',
  '/project/',
  '/projects/',
  '/contractor-profile-setup',
  '/contractor-banking-setup',
  '/contractor/',
  '/confirm-email',
] as const;
