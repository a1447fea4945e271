import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { readFrames } from '../support/socket-frames';
import { describeEachDatabase, useServerSuite } from './server-suite';
import { signUpWithInbox } from './sync-fixtures';

const INDEX_HTML = `<!doctype html><title>Support Inbox</title><div id="root"></div>${'<!-- padding -->'.repeat(200)}`;
const APP_JS = `console.log(${JSON.stringify('the app '.repeat(2_000))});`;

/** A built app in a temporary folder, precompressed by the build's own script. */
function makeBuiltApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'inbox-compressed-'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app-1a2b3c.js'), APP_JS);
  writeFileSync(join(dir, 'assets', 'tiny-4d5e6f.js'), 'console.log(1);');
  execFileSync(process.execPath, ['scripts/compress-app.mjs', dir]);
  return dir;
}

type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A GET that shows the bytes on the wire (fetch would decompress them out of sight). */
function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

function decode(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
}

describeEachDatabase('compressed transfer', (database) => {
  const staticDir = makeBuiltApp();
  afterAll(() => rmSync(staticDir, { recursive: true, force: true }));
  const suite = useServerSuite(database, { STATIC_DIR: staticDir });

  it('the build writes brotli and gzip copies of every file worth compressing, and none of tiny files', () => {
    expect(brotliDecompressSync(readFileSync(join(staticDir, 'assets', 'app-1a2b3c.js.br'))).toString()).toBe(APP_JS);
    expect(gunzipSync(readFileSync(join(staticDir, 'index.html.gz'))).toString()).toBe(INDEX_HTML);
    expect(() => readFileSync(join(staticDir, 'assets', 'tiny-4d5e6f.js.br'))).toThrow();
  });

  it('a hashed asset is sent as brotli, else gzip, else as it is, always immutable and varying on the encoding', async () => {
    const url = `${suite.server.url}/assets/app-1a2b3c.js`;
    const cases: [string, string | undefined][] = [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ];
    for (const [accept, encoding] of cases) {
      const answer = await rawGet(url, { 'accept-encoding': accept });
      expect(answer.status, accept).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers['content-type'], accept).toMatch(/javascript/);
      expect(answer.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(String(answer.headers.vary), accept).toMatch(/accept-encoding/i);
      expect(decode(answer), accept).toBe(APP_JS);
      if (encoding) expect(answer.body.length, accept).toBeLessThan(APP_JS.length / 10);
    }
  });

  it('a client route gets the compressed index.html, still never cached and still carrying the content policy', async () => {
    const answer = await rawGet(`${suite.server.url}/acme/conversations`, { 'accept-encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(decode(answer)).toBe(INDEX_HTML);
  });

  it('API answers of a kilobyte or more are compressed for clients that accept it, small ones are not', async () => {
    const inbox = await signUpWithInbox(suite, 20, 1);
    const headers = (encoding: string) => ({ 'accept-encoding': encoding, authorization: `Bearer ${inbox.session.token}` });
    const list = await rawGet(`${suite.server.url}/api/conversations/?limit=20`, headers('gzip'));
    expect(list.status).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    const parsed = JSON.parse(decode(list)) as { conversations: unknown[] };
    expect(parsed.conversations).toHaveLength(20);
    const brotli = await rawGet(`${suite.server.url}/api/conversations/?limit=20`, headers('br'));
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(brotli))).toEqual(parsed);
    const plain = await rawGet(`${suite.server.url}/api/conversations/?limit=20`, headers('identity'));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(list.body.length).toBeLessThan(plain.body.length / 2);
    const ping = await rawGet(`${suite.server.url}/ping`, { 'accept-encoding': 'gzip' });
    expect(ping.headers['content-encoding']).toBeUndefined();
  });

  it('the realtime socket negotiates permessage-deflate and its frames arrive intact', async () => {
    const inbox = await signUpWithInbox(suite, 30, 2);
    const socket = new WebSocket(`${suite.server.url.replace(/^http/, 'ws')}/stream?token=${inbox.session.token}&init=true`, { perMessageDeflate: true });
    const reader = readFrames<{ action?: string; col?: string; documents?: unknown[]; document?: unknown }>(socket);
    try {
      await reader.next((frame) => frame.action === 'READY', 20_000);
      expect(socket.extensions).toContain('permessage-deflate');
      const conversations = reader.frames.filter((frame) => frame.col === 'conversations').flatMap((frame) => frame.documents ?? (frame.document ? [frame.document] : []));
      expect(conversations.length).toBeGreaterThanOrEqual(30);
    } finally {
      socket.close();
    }
  });
});
