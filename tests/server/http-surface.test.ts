import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, get as httpGet, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { API_ERRORS } from '../../src/protocol/api/api-errors';
import type { PingResponse } from '../../src/protocol/api/models';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import { EMAIL_LINK_MAX_REQUESTS_PER_IP } from '../../src/protocol/constants';
import { ERROR_TEXTS } from '../../src/protocol/error-texts';
import { PROTOCOL_VERSION } from '../../src/protocol/version';
import { sql } from 'kysely';
import { createApiClient } from '../support/api-client';
import { openServerDatabase } from '../support/server-database';
import { startServer } from '../support/server-process';
import { describeEachDatabase, uid, useServerSuite } from './server-suite';

const INDEX_HTML = '<!doctype html><title>Support Inbox</title><div id="root"></div>';

function makeStaticDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'inbox-static-'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("install", () => {});');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app-1a2b3c.js'), 'console.log("app");');
  return dir;
}

/** A port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(address && typeof address === 'object' ? address.port : 1));
    });
  });
}

describeEachDatabase('HTTP surface', (database) => {
  const staticDir = makeStaticDir();
  afterAll(() => rmSync(staticDir, { recursive: true, force: true }));
  const suite = useServerSuite(database, { STATIC_DIR: staticDir, PUBLIC_URL: 'https://inbox.example.com' });
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${suite.server.url}${path}`, { headers });

  it('GET /ping answers the protocol version and the build', async () => {
    const response = await get('/ping');
    expect(response.status).toBe(200);
    const body = (await response.json()) as PingResponse;
    expect(body).toEqual({ ok: true, version: PROTOCOL_VERSION, build: expect.any(String) as string });
    expect(body.build.length).toBeGreaterThan(0);
  });

  it('client routes get index.html, never cached; hashed assets are immutable', async () => {
    for (const path of ['/', '/acme/conversations', '/auth/login?next=%2Facme', '/streaming-co/bonjour']) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toBe(INDEX_HTML);
    }
    const asset = await get('/assets/app-1a2b3c.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/sw.js')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/assets/missing-000.js')).status).toBe(404);
  });

  it('unknown API paths and server paths answer 404 JSON, not the app', async () => {
    for (const path of ['/api/nothing-here', '/api/', '/stream', '/widget/stream', '/widget/nothing-here']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: API_ERRORS.notFound });
    }
    const post = await fetch(`${suite.server.url}/acme/conversations`, { method: 'POST' });
    expect(post.status).toBe(404);
  });

  it('bad input answers 400 with an errors object naming each field', async () => {
    const response = await suite.client().post('auth/create', { email: 'not an email', password: 'short', domain: 'API' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      errors: {
        name: 'Enter your name.',
        email: 'Enter a valid email address, like name@example.com.',
        password: 'Choose a password of at least 8 characters.',
        organization_name: 'Enter the name of your organization.',
        domain: 'The domain is reserved.',
      },
    });
    const wrongType = await suite.client().post('auth/login', { email: 42, password: ['x'] });
    expect(wrongType.status).toBe(400);
    expect(Object.keys((wrongType.body as { errors: object }).errors).sort()).toEqual(['email', 'password']);
    const notAnObject = await suite.client().post('auth/login', [1, 2]);
    expect(notAnObject.status).toBe(400);
    expect(notAnObject.body).toHaveProperty('errors');
  });

  it('malformed JSON, other content types and oversized bodies answer 4xx with an error string', async () => {
    const malformed = await suite.client().post('auth/login', '{"email": "a@b.c",');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: API_ERRORS.invalidJson });
    expect(malformed.text).not.toMatch(/at .*\.(ts|js)/);

    const form = await suite.client().post('auth/login', 'email=a', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ error: API_ERRORS.unsupportedContentType });

    const huge = await suite.client().post('auth/login', { email: 'a@b.c', password: 'x'.repeat(2_000_000) });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ error: API_ERRORS.bodyTooLarge });

    const empty = await suite.client().post('auth/clear', '', { headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(200);
  });

  it('a client still sending an oversized body gets the 413 and its text, not a reset', async () => {
    // 3 MB of JSON in 64 KiB writes a few milliseconds apart: the server refuses it after 1 MB,
    // long before the last write.
    const url = new URL(`${suite.server.url}/api/auth/login`);
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': 48 * chunk.length } }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (part: string) => (text += part));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on('error', reject);
      let written = 0;
      const writeNext = () => {
        if (written === 48) return;
        written += 1;
        request.write(chunk, () => setTimeout(writeNext, 3));
      };
      writeNext();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({ error: API_ERRORS.bodyTooLarge });
  });

  it('accepts the client session header and paths with or without a trailing slash', async ({ expect }) => {
    const { session } = await suite.signUp();
    const api = suite.client(session.token);
    const headers = { [SESSION_HEADER]: `session-${uid()}` };
    const account = await api.get('account/', { headers });
    expect(account.status).toBe(200);
    expect(account.headers.get('cache-control')).toBe('no-store');
    expect(account.headers.get('referrer-policy')).toBe('no-referrer');
    expect(account.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await api.get('account', { headers })).status).toBe(200);
    expect((await api.get('agents', { headers })).status).toBe(200);
  });

  // Concurrent tests must poll with their own context's expect.
  it('email links use PUBLIC_URL, whatever Host the request names, and tokens stay out of the logs', async ({ expect }) => {
    const { email } = await suite.signUp();
    await suite.client().post('auth/lost-password', { email }, { headers: { 'x-forwarded-host': 'evil.example', host: 'evil.example' } });
    const mail = await suite.mail.waitFor((m) => m.to.includes(email) && m.subject === 'Reset your password');
    expect(mail.links[0]).toMatch(/^https:\/\/inbox\.example\.com\/auth\/token\/[A-Za-z0-9_-]+\/change-password$/);
    const token = /\/auth\/token\/([A-Za-z0-9_-]+)/.exec(mail.links[0] ?? '')?.[1] ?? '';
    expect((await suite.client().get(`auth/token/${token}`)).status).toBe(200);
    await expect.poll(() => suite.server.output()).toContain('/api/auth/token/[redacted]');
    expect(suite.server.output()).not.toContain(token);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored; without a built app, pages answer 503; SIGTERM exits 0', async ({ expect }) => {
    const server = await startServer({ database, env: { STATIC_DIR: join(staticDir, 'missing') } });
    try {
      for (let i = 0; i <= EMAIL_LINK_MAX_REQUESTS_PER_IP; i++) {
        const api = createApiClient(server.url, { ip: `192.0.2.${i + 1}` });
        const response = await api.post('auth/lost-password', { email: `x-${uid()}@example.com` });
        expect(response.status).toBe(i < EMAIL_LINK_MAX_REQUESTS_PER_IP ? 200 : 429);
        if (response.status === 429) expect(response.body).toEqual({ error: ERROR_TEXTS.rateLimited });
      }
      const page = await fetch(`${server.url}/acme/conversations`);
      expect(page.status).toBe(503);
      expect(page.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await page.text()).toContain('npm run build');
      expect((await fetch(`${server.url}/ping`)).status).toBe(200);
    } finally {
      const code = await server.stop('SIGTERM');
      expect(code).toBe(0);
      expect(server.output()).toContain('"msg":"Stopped"');
    }
  });

  it('a download still being written at SIGTERM finishes whole, and the server exits 0 right after it', { timeout: 90_000 }, async () => {
    const dir = makeStaticDir();
    // Far more than the socket's buffers hold: the answer is still being written when the signal comes.
    const size = 24_000_000;
    writeFileSync(join(dir, 'assets', 'large-9f8e7d.js'), 'x'.repeat(size));
    const server = await startServer({ database, env: { STATIC_DIR: dir } });
    try {
      const agent = new Agent({ keepAlive: true });
      let exited: Promise<number | null> | undefined;
      const received = await new Promise<number>((resolve, reject) => {
        const url = new URL(`${server.url}/assets/large-9f8e7d.js`);
        const download = httpGet({ host: url.hostname, port: url.port, path: url.pathname, agent, headers: { 'accept-encoding': 'identity' } }, (response) => {
          // Headers in, body not read yet: the keep-alive connection is busy when the server is told to stop.
          response.pause();
          exited = server.stop('SIGTERM');
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () => resolve(bytes));
          setTimeout(() => response.resume(), 300);
        });
        download.on('error', reject);
      });
      expect(received).toBe(size);
      // Not held open by the keep-alive connection past the shutdown's timeout (which exits 1).
      expect(await exited).toBe(0);
      expect(server.output()).toContain('"msg":"Stopped"');
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an SMTP outage is logged without failing the request; a real failure answers a bare 500', async ({ expect }) => {
    const server = await startServer({ database, env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });
    try {
      const email = `down-${uid()}@example.com`;
      const created = await createApiClient(server.url).post('auth/create', {
        name: 'Down',
        email,
        password: 'smtp is down',
        organization_name: 'Down',
        domain: `down-${uid()}`,
      });
      expect(created.status).toBe(201);
      expect((await createApiClient(server.url).post('auth/lost-password', { email })).status).toBe(200);
      await expect.poll(() => server.output().split('Email could not be sent').length - 1).toBe(2);

      const db = openServerDatabase(server);
      await sql`ALTER TABLE organizations RENAME TO organizations_gone`.execute(db);
      await db.destroy();
      const broken = await createApiClient(server.url).post('auth/create', {
        name: 'Broken',
        email: `broken-${uid()}@example.com`,
        password: 'database is broken',
        organization_name: 'Broken',
        domain: `broken-${uid()}`,
      });
      expect(broken.status).toBe(500);
      expect(broken.body).toEqual({ error: ERROR_TEXTS.unexpected });
      await expect.poll(() => server.output()).toContain('"msg":"Request failed"');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('without SMTP_URL, emails are written as .eml files under DATA_DIR/mail and their link is logged', async ({ expect }) => {
    const server = await startServer({ database });
    try {
      const email = `files-${uid()}@example.com`;
      await createApiClient(server.url).post('auth/create', {
        name: 'Files',
        email,
        password: 'mail to files',
        organization_name: 'Files',
        domain: `files-${uid()}`,
      });
      await expect.poll(() => server.output()).toContain('Email written to file');
      const files = readdirSync(join(server.dataDir, 'mail'));
      expect(files).toHaveLength(1);
      const eml = readFileSync(join(server.dataDir, 'mail', files[0] ?? ''), 'utf8');
      expect(eml).toMatch(/^Subject: Confirm your email address$/m);
      expect(eml).toContain(`To: ${email}`);
      expect(server.output()).toMatch(new RegExp(`"link":"${server.url}/validate/[A-Za-z0-9_-]+"`));
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
