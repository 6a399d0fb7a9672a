/**
 * Installability of the web app, checked by hand (Lighthouse 12 removed its installable-manifest
 * audit): the manifest fields Chrome requires before it offers "Install". Pure, unit-tested.
 */
const INSTALLABLE_DISPLAYS = ['standalone', 'fullscreen', 'minimal-ui'];

interface ManifestIcon {
  src?: unknown;
  sizes?: unknown;
  purpose?: unknown;
}

function hasIcon(icons: ManifestIcon[], size: number): boolean {
  return icons.some(
    (icon) =>
      typeof icon.src === 'string' &&
      typeof icon.sizes === 'string' &&
      icon.sizes.split(/\s+/).some((s) => s === 'any' || s === `${size}x${size}`) &&
      // a maskable-only icon does not count as the 'any' icon Chrome looks for
      (icon.purpose === undefined ||
        (typeof icon.purpose === 'string' && icon.purpose.split(/\s+/).includes('any'))),
  );
}

/** What keeps this manifest from being installable; empty when it is. */
export function manifestProblems(manifest: unknown): string[] {
  if (typeof manifest !== 'object' || manifest === null) return ['the manifest is not a JSON object'];
  const m = manifest as Record<string, unknown>;
  const problems: string[] = [];
  const named = (key: string) => typeof m[key] === 'string' && (m[key] as string).trim() !== '';
  if (!named('name') && !named('short_name')) problems.push('no name or short_name');
  if (!named('start_url')) problems.push('no start_url');
  if (typeof m.display !== 'string' || !INSTALLABLE_DISPLAYS.includes(m.display))
    problems.push(`display is ${JSON.stringify(m.display)}, not one of ${INSTALLABLE_DISPLAYS.join(', ')}`);
  const icons = Array.isArray(m.icons) ? (m.icons as ManifestIcon[]) : [];
  for (const size of [192, 512]) if (!hasIcon(icons, size)) problems.push(`no ${size}x${size} icon`);
  return problems;
}

/** A secure context: https, or a loopback host (which browsers treat as secure). */
export function isSecureOrigin(url: string): boolean {
  const u = new URL(url);
  return u.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
}
