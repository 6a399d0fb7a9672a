export interface NavLink {
  href: string;
  label: string;
}

/** The header's navigation list. */
export const mainNavLinks: NavLink[] = [
  { href: '/how-it-works', label: 'How It Works' },
  { href: '/quote', label: 'Get a Quote' },
  { href: '/contractors', label: 'Find Contractors' },
];

/** The four service pages, with the footer's labels. */
export const serviceLinks: NavLink[] = [
  { href: '/homeowners', label: 'Homeowners' },
  { href: '/insurance', label: 'Insurance Claims' },
  { href: '/solar', label: 'Solar Installation' },
  { href: '/real-estate', label: 'Real Estate' },
];

export const companyLinks: NavLink[] = [
  { href: '/about', label: 'About' },
  { href: '/how-it-works', label: 'How It Works' },
  { href: '/contact', label: 'Contact' },
  { href: '/help', label: 'Help Center' },
];

export const legalLinks: NavLink[] = [
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/terms', label: 'Terms of Service' },
];
