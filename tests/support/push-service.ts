import { afterAll, beforeAll } from 'vitest';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { createServer as createTcpServer, type Socket } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A self-signed certificate for 127.0.0.1; give `certPath` to the server as NODE_EXTRA_CA_CERTS. */
export type TestCertificate = { certPath: string; cert: Buffer; key: Buffer; remove(): void };

export function createTestCertificate(): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'push-cert-'));
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyPath, '-out', certPath,
  ], { stdio: 'ignore' });
  return { certPath, cert: readFileSync(certPath), key: readFileSync(keyPath), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A browser's side of a push subscription: what it gives the server, and the keys it keeps. */
export type TestSubscription = {
  id: string;
  /** What `PushSubscription.toJSON()` gives: POST it to account/notifications/register. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
};

/** A push as the push service received it, checked and decrypted. */
export type ReceivedPush = {
  subscriptionId: string;
  /** The decrypted payload, parsed as JSON. */
  payload: Record<string, unknown>;
  /** The VAPID JWT's claims (its signature checked with the `k` of the Authorization header). */
  claims: { aud: string; exp: number; sub: string };
  /** The `k` of `Authorization: vapid t=…, k=…`: the server's public key. */
  vapidKey: string;
  headers: IncomingHttpHeaders;
};

export type PushService = {
  origin: string;
  subscribe(): TestSubscription;
  /** Answers this subscription's pushes with `status` (201 by default; 410 = gone): the next `times` ones, or from now on. */
  answer(subscriptionId: string, status: number, times?: number): void;
  received: ReceivedPush[];
  /** Pushes that failed a check (bad signature, undecryptable body): none is expected. */
  rejected: string[];
  /** The first received push that matches, waiting for it; it is removed from `received`. */
  waitFor(predicate: (push: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  stop(): Promise<void>;
};

type Keys = { ecdh: ReturnType<typeof createECDH>; publicKey: Buffer; auth: Buffer; status: number; times: number };

/**
 * A push service on 127.0.0.1 over HTTPS that does what a browser's push service and the
 * browser do together: it checks the VAPID authorization (RFC 8292: an ES256 JWT whose audience
 * is this origin, signed by the key in `k`) and decrypts the `aes128gcm` body (RFC 8188) with
 * the subscription's private key and auth secret (RFC 8291). A push that fails either is answered
 * 400 or 403 and recorded in `rejected`.
 */
export async function startPushService(certificate: TestCertificate): Promise<PushService> {
  const subscriptions = new Map<string, Keys>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  const waiters = new Set<() => void>();
  let origin = '';

  const server: Server = createServer({ cert: certificate.cert, key: certificate.key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const keys = subscriptions.get(id);
      if (request.method !== 'POST' || !keys) {
        response.writeHead(404).end();
        return;
      }
      try {
        const { claims, vapidKey } = checkVapid(request.headers, origin);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`Content-Encoding is ${String(request.headers['content-encoding'])}`);
        if (!/^\d+$/.test(String(request.headers.ttl))) throw new Error('No TTL header');
        const payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), keys).toString('utf8')) as Record<string, unknown>;
        const status = keys.times > 0 ? keys.status : 201;
        keys.times -= 1;
        if (status >= 200 && status < 300) {
          received.push({ subscriptionId: id, payload, claims, vapidKey, headers: request.headers });
          for (const wake of waiters) wake();
        }
        response.writeHead(status, { location: `${origin}/message/${randomUUID()}` }).end();
      } catch (error) {
        rejected.push(error instanceof Error ? error.message : String(error));
        response.writeHead(error instanceof VapidError ? 403 : 400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The push service has no port');
  origin = `https://127.0.0.1:${address.port}`;

  return {
    origin,
    received,
    rejected,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = randomUUID();
      const keys: Keys = { ecdh, publicKey: ecdh.getPublicKey(), auth: randomBytes(16), status: 201, times: Infinity };
      subscriptions.set(id, keys);
      return {
        id,
        json: { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: keys.publicKey.toString('base64url'), auth: keys.auth.toString('base64url') } },
      };
    },
    answer(subscriptionId, status, times = Infinity) {
      const keys = subscriptions.get(subscriptionId);
      if (keys) Object.assign(keys, { status, times });
    },
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = received.findIndex(predicate);
        if (index >= 0) return received.splice(index, 1)[0] as ReceivedPush;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No matching push within ${timeoutMs} ms (rejected: ${rejected.join('; ') || 'none'})`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A push service that takes connections and never answers, not even the TLS handshake. */
export type SilentPushService = {
  origin: string;
  /** A subscription whose endpoint is on this service (its keys are real, nobody decrypts). */
  subscribe(): TestSubscription;
  /** How many connections it has taken so far. */
  connections(): number;
  stop(): Promise<void>;
};

export async function startSilentPushService(): Promise<SilentPushService> {
  const sockets = new Set<Socket>();
  let taken = 0;
  const server = createTcpServer((socket) => {
    taken += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The silent push service has no port');
  const origin = `https://127.0.0.1:${address.port}`;
  return {
    origin,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = randomUUID();
      return {
        id,
        json: { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } },
      };
    },
    connections: () => taken,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

class VapidError extends Error {}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; the JWT is ES256 over `header.claims`. */
function checkVapid(headers: IncomingHttpHeaders, origin: string): { claims: ReceivedPush['claims']; vapidKey: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(headers.authorization ?? '');
  if (!match?.[1] || !match[2]) throw new VapidError(`Authorization is not VAPID: ${String(headers.authorization)}`);
  const [headerPart, claimsPart, signaturePart] = match[1].split('.') as [string, string, string];
  const header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8')) as { alg?: string; typ?: string };
  if (header.alg !== 'ES256') throw new VapidError(`JWT alg is ${String(header.alg)}`);
  const point = Buffer.from(match[2], 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new VapidError('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = Buffer.from(`${headerPart}.${claimsPart}`);
  if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signaturePart, 'base64url'))) throw new VapidError('The JWT signature does not verify');
  const claims = JSON.parse(Buffer.from(claimsPart, 'base64url').toString('utf8')) as ReceivedPush['claims'];
  if (claims.aud !== origin) throw new VapidError(`JWT aud is ${claims.aud}, not ${origin}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600 + 60)) throw new VapidError('JWT exp is not within 24 hours');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new VapidError(`JWT sub is ${claims.sub}`);
  return { claims, vapidKey: match[2] };
}

/**
 * RFC 8188 with the key derivation of RFC 8291: header salt(16) rs(4) idlen(1) keyid (the
 * sender's public key), then records of AES-128-GCM; the last record ends with a 0x02 delimiter.
 */
function decryptAes128gcm(body: Buffer, keys: Keys): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65) throw new Error('The keyid is not the sender’s public key');
  const ecdhSecret = keys.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const baseNonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const records = body.subarray(21 + idLength);
  const plain: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence++) {
    const record = records.subarray(offset, Math.min(offset + recordSize, records.length));
    const nonce = Buffer.from(baseNonce);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    const delimiter = padded[end];
    const last = offset + recordSize >= records.length;
    if (delimiter !== (last ? 2 : 1)) throw new Error('Bad record padding delimiter');
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

/**
 * A push service and its certificate for the enclosing file or describe block: started before
 * its first test, stopped (and the certificate removed) after its last. Give the server
 * `NODE_EXTRA_CA_CERTS: certificate.certPath` so it trusts the service.
 */
export function usePushService(): { readonly certificate: TestCertificate; readonly service: PushService } {
  const certificate = createTestCertificate();
  let service: PushService | undefined;
  beforeAll(async () => {
    service = await startPushService(certificate);
  });
  afterAll(async () => {
    await service?.stop();
    certificate.remove();
  });
  return {
    certificate,
    get service() {
      if (!service) throw new Error('The push service is not started yet (use it inside a test)');
      return service;
    },
  };
}
