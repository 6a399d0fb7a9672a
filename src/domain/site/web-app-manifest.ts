/**
 * The web app manifest (issue 27 #1): the contractor's side installs as an app that opens on the
 * dashboard. Served at /manifest.webmanifest with the brand's name (src/server/features/site).
 * The colours are the design tokens': the navy of the logo and theme-color, the page background (--background, oklch(0.985 0.003 250)).
 */
export const webAppThemeColor = '#16253d';
export const webAppBackgroundColor = '#f9fafc';

/** The PNG icons made from src/web/public/favicon.svg by scripts/make-app-icons.mjs. */
export const webAppIcons = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

export function webAppManifest(brandName: string) {
  return {
    name: brandName,
    // under an icon: the brand, or its first word when longer than a launcher shows
    short_name: brandName.length > 12 ? (brandName.split(/\s+/)[0] ?? brandName).slice(0, 12) : brandName,
    description: `${brandName} for contractors: your leads, jobs and projects, also offline.`,
    id: '/contractor-dashboard',
    start_url: '/contractor-dashboard',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: webAppThemeColor,
    background_color: webAppBackgroundColor,
    icons: webAppIcons,
  };
}
