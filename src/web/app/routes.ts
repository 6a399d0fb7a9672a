import type { WebRoute } from '@domain/routes';
import { hasStoredQuote } from '@web/features/quotes/lib/pending-quote';
import { type ComponentType, createElement, lazy } from 'react';

/** A page component whose code can be loaded before it first renders. */
export type Page = ComponentType & {
  /** Loads the page's code; once done, the page renders at once instead of suspending. */
  preload: () => Promise<unknown>;
  /**
   * True when this browser's first render of the page differs from the HTML the build
   * prerendered (an address with a query, which the build never has, or something this browser
   * kept): the page is then rendered afresh instead of hydrated.
   */
  differsFromPrerender: () => boolean;
};

const hasQuery = () => window.location.search.length > 1;

/**
 * Each page is its own chunk, loaded when its route is first visited. A page whose code is already
 * loaded (preload(): a prerendered page before hydration) renders directly, without suspending,
 * so the first client render matches the HTML the build prerendered.
 */
function page<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  differsFromPrerender: () => boolean = hasQuery,
): Page {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = pick(module);
      return loaded;
    });
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page at module load, never during a render
  const Page = (props: object) => createElement(loaded ?? Lazy, props);
  return Object.assign(Page, { preload, differsFromPrerender });
}

/** The landing page with what other features show on it (landing-route.tsx). */
const LandingPage = page(
  () => import('./landing-route'),
  (m) => m.LandingRoute,
);
const HomeownersPage = page(
  () => import('@web/features/site/pages/homeowners-page'),
  (m) => m.HomeownersPage,
);
const ProjectDetailPage = page(
  () => import('@web/features/projects/pages/project-detail-page'),
  (m) => m.ProjectDetailPage,
);

/** Every route of src/domain/routes.ts and its page; the type makes a missing route a compile error. */
export const pages: Record<WebRoute, Page> = {
  '/': LandingPage,
  '/homeowner': HomeownersPage,
  '/homeowners': HomeownersPage,
  '/marketplace': page(
    () => import('@web/features/site/pages/marketplace-page'),
    (m) => m.MarketplacePage,
  ),
  '/quote': page(
    () => import('@web/features/quotes/pages/quote-page'),
    (m) => m.QuotePage,
    // a draft or an order kept for a reload is shown at once
    () => hasQuery() || hasStoredQuote(),
  ),
  '/estimate': page(
    () => import('@web/features/estimates/pages/estimate-page'),
    (m) => m.EstimatePage,
  ),
  '/insurance': page(
    () => import('@web/features/site/pages/insurance-page'),
    (m) => m.InsurancePage,
  ),
  '/solar': page(
    () => import('@web/features/site/pages/solar-page'),
    (m) => m.SolarPage,
  ),
  '/real-estate': page(
    () => import('@web/features/site/pages/real-estate-page'),
    (m) => m.RealEstatePage,
  ),
  '/request-install': page(
    () => import('@web/features/install-requests/pages/request-install-page'),
    (m) => m.RequestInstallPage,
  ),
  '/thank-you': page(
    () => import('@web/features/quotes/pages/thank-you-page'),
    (m) => m.ThankYouPage,
  ),
  '/about': page(
    () => import('@web/features/site/pages/about-page'),
    (m) => m.AboutPage,
  ),
  '/how-it-works': page(
    () => import('@web/features/site/pages/how-it-works-page'),
    (m) => m.HowItWorksPage,
  ),
  '/help': page(
    () => import('@web/features/contact/pages/help-page'),
    (m) => m.HelpPage,
  ),
  '/contact': page(
    () => import('@web/features/contact/pages/contact-page'),
    (m) => m.ContactPage,
  ),
  '/privacy': page(
    () => import('@web/features/site/pages/privacy-page'),
    (m) => m.PrivacyPage,
  ),
  '/terms': page(
    () => import('@web/features/site/pages/terms-page'),
    (m) => m.TermsPage,
  ),
  '/contractors': page(
    () => import('@web/features/search/pages/contractor-search-page'),
    (m) => m.ContractorSearchPage,
  ),
  '/contractor-application': page(
    () => import('@web/features/contractors/pages/contractor-application-page'),
    (m) => m.ContractorApplicationPage,
  ),
  '/contractor-profile-setup': page(
    () => import('@web/features/contractors/pages/contractor-profile-setup-page'),
    (m) => m.ContractorProfileSetupPage,
  ),
  '/settings/notifications': page(
    () => import('@web/features/notifications/pages/notification-settings-page'),
    (m) => m.NotificationSettingsPage,
  ),
  '/contractor/profile': page(
    () => import('@web/features/contractors/pages/contractor-profile-page'),
    (m) => m.ContractorProfilePage,
  ),
  '/contractor-banking-setup': page(
    () => import('@web/features/contractors/pages/contractor-banking-setup-page'),
    (m) => m.ContractorBankingSetupPage,
  ),
  '/contractor-signup': page(
    () => import('@web/features/contractors/pages/contractor-signup-page'),
    (m) => m.ContractorSignupPage,
  ),
  '/contractor-dashboard': page(
    () => import('@web/features/projects/pages/contractor-dashboard-page'),
    (m) => m.ContractorDashboardPage,
  ),
  '/customer-dashboard': page(
    () => import('@web/features/projects/pages/customer-dashboard-page'),
    (m) => m.CustomerDashboardPage,
  ),
  '/admin-dashboard': page(
    () => import('@web/features/admin/pages/admin-dashboard-page'),
    (m) => m.AdminDashboardPage,
  ),
  '/project/:id': ProjectDetailPage,
  '/projects/:id': ProjectDetailPage,
  '/login': page(
    () => import('@web/features/auth/pages/login-page'),
    (m) => m.LoginPage,
  ),
  '/register': page(
    () => import('@web/features/auth/pages/register-page'),
    (m) => m.RegisterPage,
  ),
  '/confirm-email': page(
    () => import('@web/features/auth/pages/confirm-email-page'),
    (m) => m.ConfirmEmailPage,
  ),
  '/forgot-password': page(
    () => import('@web/features/auth/pages/forgot-password-page'),
    (m) => m.ForgotPasswordPage,
  ),
  '/reset-password': page(
    () => import('@web/features/auth/pages/reset-password-page'),
    (m) => m.ResetPasswordPage,
  ),
  '/logout': page(
    () => import('@web/features/auth/pages/logout-page'),
    (m) => m.LogoutPage,
  ),
};

export const NotFoundPage = page(
  () => import('./not-found-page'),
  (m) => m.NotFoundPage,
);
