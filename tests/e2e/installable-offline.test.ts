import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browser-suite';
import { startServer } from '../support/server-process';
import { waitForServiceWorkerControl } from '../support/service-worker';
import { signUpThroughForm } from '../support/sign-up-form';

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

const suite = useBrowserSuite(async () => ({ server: await startServer({ database: 'sqlite', entry: 'build' }) }));

describe('installable and offline', () => {
  it('links a manifest with a name, standalone display, colours and 192/512 icons including a maskable one', async () => {
    const page = await suite.newPage();
    await page.goto('/auth/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const response = await page.request.get(new URL(href ?? '', suite.server.url).toString());
    expect(response.ok()).toBe(true);
    const manifest = (await response.json()) as Manifest;
    expect(manifest.name).toBeTruthy();
    expect(manifest.short_name).toBeTruthy();
    expect(manifest.start_url).toBe('/');
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toMatch(/^#/);
    expect(manifest.background_color).toMatch(/^#/);
    const sizes = manifest.icons.map((icon) => icon.sizes);
    expect(sizes).toContain('192x192');
    expect(sizes).toContain('512x512');
    expect(manifest.icons.some((icon) => icon.purpose?.includes('maskable'))).toBe(true);
    for (const icon of manifest.icons) {
      const image = await page.request.get(new URL(icon.src, suite.server.url).toString());
      expect(image.ok()).toBe(true);
      expect(image.headers()['content-type']).toBe(icon.type);
    }
    const raster = manifest.icons.filter((icon) => icon.type === 'image/png').map((icon) => icon.sizes);
    expect(raster).toEqual(expect.arrayContaining(['192x192', '512x512']));
  });

  it('a signed-in agent reloads the app while offline and still sees it', async () => {
    const page = await suite.newPage();
    const context = page.context();
    const id = Date.now().toString(36);
    await signUpThroughForm(page, { name: 'Offline Olga', email: `olga-${id}@example.com`, password: 'offline first please', organization: `Offline ${id}`, domain: `offline-${id}` });

    // The service worker takes control of the page once it has precached the shell.
    await waitForServiceWorkerControl(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');

    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(`Offline ${id}`).first().isVisible()).toBe(true);

    await page.goto(`/offline-${id}/account/general`);
    await expect.poll(() => page.getByRole('heading', { name: 'Account' }).first().isVisible()).toBe(true);
  });

  it('a first install whose precache failed is tried again without a reload, and the app then opens offline', async () => {
    const context = await suite.newContext();
    // The service worker's first fetch of one precached file fails, as on a network that drops.
    let refused = 0;
    await context.route('**/icons/icon-512.png', (route) => {
      if (route.request().serviceWorker() && refused === 0) {
        refused++;
        return route.abort('connectionreset');
      }
      return route.fallback();
    });
    const page = await context.newPage();
    await page.goto('/auth/login');
    await expect.poll(() => refused, { timeout: 20_000 }).toBe(1);

    // No reload: the page registers again and the second install takes control.
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
  });
});
