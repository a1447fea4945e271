// Draws the app icons: public/icons/icon.svg (the source) and the PNGs the manifest and iOS
// need, rasterised by Debian's Chromium. Run once after changing the drawing:
//   node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const OUT = 'public/icons';

// The tray glyph on a 32-unit grid, the same as src/app/components/ProductMark.tsx.
const TRAY =
  'M8 17h4.2l1.3 2.2h5l1.3-2.2H24M10.4 9.5h11.2L24 17v4.8a1.2 1.2 0 0 1-1.2 1.2H9.2A1.2 1.2 0 0 1 8 21.8V17z';

/** @param {{ rounded: boolean, glyphScale: number }} options */
function iconSvg({ rounded, glyphScale }) {
  const radius = rounded ? 112 : 0;
  // Centre the 32-unit glyph (its box is x 8–24, y 9.5–23) in the 512 square.
  const scale = 16 * glyphScale;
  const offsetX = 256 - 16 * scale;
  const offsetY = 256 - 16.25 * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs>
    <linearGradient id="fill" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#6e6ee6"/>
      <stop offset="1" stop-color="#4a4ac2"/>
    </linearGradient>
  </defs>
  <rect width="512" height="512" rx="${radius}" fill="url(#fill)"/>
  <path d="${TRAY}" transform="translate(${offsetX} ${offsetY}) scale(${scale})" fill="none" stroke="#fff"
    stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round"/>
</svg>
`;
}

const outputs = [
  // The tab's icon. A PNG, not the SVG: Chromium loads a page's icon again at every same-document
  // navigation, and an SVG one builds a document on the page's main thread each time (5–7 ms of
  // every conversation opened, in a trace of the triage bench).
  { file: 'icon-32.png', size: 32, svg: iconSvg({ rounded: true, glyphScale: 1 }) },
  { file: 'icon-192.png', size: 192, svg: iconSvg({ rounded: true, glyphScale: 1 }) },
  { file: 'icon-512.png', size: 512, svg: iconSvg({ rounded: true, glyphScale: 1 }) },
  // Maskable: full bleed, glyph inside the central 80 % safe zone.
  { file: 'icon-maskable-512.png', size: 512, svg: iconSvg({ rounded: false, glyphScale: 0.78 }) },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, svg: iconSvg({ rounded: false, glyphScale: 0.9 }) },
];

mkdirSync(OUT, { recursive: true });
writeFileSync(`${OUT}/icon.svg`, iconSvg({ rounded: true, glyphScale: 1 }));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
});
try {
  const page = await browser.newPage();
  for (const { file, size, svg } of outputs) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('width="512" height="512"', `width="${size}" height="${size}"`);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.locator('svg').screenshot({ path: `${OUT}/${file}`, omitBackground: true });
    console.log(`wrote ${OUT}/${file}`);
  }
} finally {
  await browser.close();
}
