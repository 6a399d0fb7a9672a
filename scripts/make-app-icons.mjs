// Makes the installable app's PNG icons (src/web/public/icons) from the logo, src/web/public/favicon.svg.
// Run by hand when the logo changes (`node scripts/make-app-icons.mjs`); the PNGs are committed.
// The maskable icon puts the logo inside the 80 % safe zone on the logo's navy, so no launcher's
// mask (circle, squircle) cuts the roof line.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(path.join(root, 'src/web/public/favicon.svg'));
const outDir = path.join(root, 'src/web/public/icons');
mkdirSync(outDir, { recursive: true });

const render = (size) =>
  sharp(svg, { density: (72 * size) / 32 })
    .resize(size, size)
    .png();

await render(192).toFile(path.join(outDir, 'icon-192.png'));
await render(512).toFile(path.join(outDir, 'icon-512.png'));
// the whole logo in the middle 64 % (inside the 80 % safe zone, its rounded corners included)
const inner = await render(328).toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#16253d' } })
  .composite([{ input: inner, gravity: 'centre' }])
  .png()
  .toFile(path.join(outDir, 'maskable-512.png'));
await render(180).toFile(path.join(outDir, 'apple-touch-icon.png'));
console.log(`icons written to ${path.relative(root, outDir)}`);
