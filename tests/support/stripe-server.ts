import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import Stripe from 'stripe';

/**
 * A Stripe-compatible API on 127.0.0.1 for the tests: the npm package `stripe-stateful-mock`
 * (customers, charges, refunds with reason, plans, subscriptions create/list, idempotency keys),
 * extended here with what it lacks, following Stripe's API reference:
 *
 * - `POST /v1/subscriptions/{id}` with `cancel_at_period_end` (and `cancel_at`), and
 *   `DELETE /v1/subscriptions/{id}` (cancel now: `status: canceled`, `canceled_at`, `ended_at`),
 *   both answering the subscription, and honouring `Idempotency-Key` like every other write;
 * - restricted keys (`rk_test_…`) accepted like secret keys, and a key can be **revoked**
 *   (`revoke(key)`): every later call with it answers 401 `api_key_expired`, as Stripe does;
 * - a charge made to a customer's card names its customer (`customer`), so
 *   `GET /v1/charges?customer=` finds it;
 * - every request is recorded (method, path, the Idempotency-Key header, the form body), so a
 *   test checks what the server actually sent;
 * - the next call matching a method and path can be **refused** with an error Stripe answers in
 *   production (`refuseNext`, e.g. a 402 `card_error` with `card_declined`), in Stripe's error
 *   shape, so a test sees how the inbox shows a refusal the mock cannot produce by itself.
 *
 * The mock keeps its state in its module, so this is one Stripe account per test file.
 */

type Handler = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
type ExpressRequest = IncomingMessage & { params: Record<string, string>; body: Record<string, unknown>; path: string; header(name: string): string | undefined };
type ExpressResponse = ServerResponse & { status(code: number): ExpressResponse; json(body: unknown): void; send(body: unknown): void };
type RouteHandler = (req: ExpressRequest, res: ExpressResponse) => void;
type ExpressApp = Handler & {
  use(...handlers: unknown[]): void;
  post(path: string, handler: RouteHandler): void;
  delete(path: string, handler: RouteHandler): void;
};
type Subscription = Record<string, unknown> & { id: string; status: string; current_period_end: number };

const require = createRequire(import.meta.url);
const express = require('express') as () => ExpressApp;
const bodyParser = require('body-parser') as { urlencoded(options: { extended: boolean }): Handler };
const { routes } = require('stripe-stateful-mock/dist/routes.js') as { routes: Handler };
const { auth } = require('stripe-stateful-mock/dist/api/auth.js') as { auth: { authRoute: Handler } };
const { idempotencyRoute } = require('stripe-stateful-mock/dist/api/idempotency.js') as { idempotencyRoute: Handler };
const { RestError } = require('stripe-stateful-mock/dist/api/RestError.js') as {
  RestError: new (status: number, error: Record<string, unknown>) => Error & { statusCode: number; error: unknown };
};
const { charges } = require('stripe-stateful-mock/dist/api/charges.js') as {
  charges: { create(account: string, params: Record<string, unknown>): Record<string, unknown> };
};
const { subscriptions } = require('stripe-stateful-mock/dist/api/subscriptions.js') as {
  subscriptions: { retrieve(account: string, id: string, param: string): Subscription };
};

/** An error as Stripe's API answers it (https://docs.stripe.com/api/errors). */
export type StripeErrorAnswer = { status: number; error: { type: string; code?: string; decline_code?: string; message: string } };

/** Stripe's answer when the customer's bank declines the card (https://docs.stripe.com/declines/codes). */
export const CARD_DECLINED: StripeErrorAnswer = {
  status: 402,
  error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
};

export type StripeRequest = { method: string; path: string; idempotencyKey: string | null; body: Record<string, unknown>; key: string };

export type StripeTestServer = {
  readonly url: string;
  /** Every request received, oldest first. */
  readonly requests: StripeRequest[];
  /** A client of this server (to set up customers, charges, subscriptions as a merchant would). */
  client(key?: string): Stripe;
  /** From now on, calls with this key answer 401 `api_key_expired`. */
  revoke(key: string): void;
  /**
   * The next call with this method whose path matches, made with `key` (the merchant's key each
   * test connects with, so tests running side by side never take each other's), answers `answer`
   * instead (once).
   */
  refuseNext(method: string, path: RegExp, answer: StripeErrorAnswer, key: string): void;
  stop(): Promise<void>;
};

export const STRIPE_TEST_KEY = 'sk_test_billing_setup_key_0001';

function bearer(req: IncomingMessage): string {
  return /^Bearer (.*)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
}

function notCanceled(subscription: Subscription): void {
  if (subscription.status === 'canceled') {
    throw new RestError(400, {
      code: 'resource_missing',
      message: `No such subscription: '${subscription.id}'`,
      type: 'invalid_request_error',
    });
  }
}

export async function startStripeServer(): Promise<StripeTestServer> {
  const requests: StripeRequest[] = [];
  const revoked = new Set<string>();
  const refusals: { method: string; path: RegExp; answer: StripeErrorAnswer; key: string }[] = [];
  const keys = new WeakMap<IncomingMessage, string>();
  const app = express();

  app.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const key = bearer(req);
    keys.set(req, key);
    if (revoked.has(key)) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: {
            code: 'api_key_expired',
            message: `Expired API Key provided: ${key.slice(0, 8)}********${key.slice(-4)}`,
            type: 'invalid_request_error',
          },
        }),
      );
      return;
    }
    const path = (req.url ?? '').split('?')[0] ?? '';
    const refusal = refusals.findIndex((r) => r.method === req.method && r.path.test(path) && r.key === key);
    const answer = refusal >= 0 ? refusals.splice(refusal, 1)[0]?.answer : undefined;
    if (answer) {
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_refused_${Date.now()}` });
      res.end(JSON.stringify({ error: answer.error }));
      return;
    }
    // A restricted key is a secret key with fewer rights; the mock only knows secret keys.
    if (key.startsWith('rk_test_')) req.headers.authorization = `Bearer sk_test_${key.slice(8)}`;
    next();
  });
  app.use(bodyParser.urlencoded({ extended: true }));
  app.use((req: ExpressRequest, _res: ServerResponse, next: () => void) => {
    requests.push({
      method: req.method ?? '',
      path: (req.url ?? '').split('?')[0] ?? '',
      idempotencyKey: req.header('idempotency-key') ?? null,
      body: { ...req.body },
      key: keys.get(req) ?? '',
    });
    next();
  });
  app.use(auth.authRoute);
  app.use(idempotencyRoute);

  // The mock forgets the customer of a charge made to a customer's card (Stripe keeps it).
  app.post('/v1/charges', (req, res) => {
    const charge = charges.create('acct_default', req.body);
    if (typeof req.body.customer === 'string') charge.customer = req.body.customer;
    res.status(200).json(charge);
  });

  app.post('/v1/subscriptions/:id', (req, res) => {
    const subscription = subscriptions.retrieve('acct_default', req.params.id ?? '', 'id');
    notCanceled(subscription);
    if (req.body.cancel_at_period_end !== undefined) {
      const atEnd = req.body.cancel_at_period_end === 'true';
      subscription.cancel_at_period_end = atEnd;
      subscription.cancel_at = atEnd ? subscription.current_period_end : null;
      subscription.canceled_at = atEnd ? Math.floor(Date.now() / 1000) : null;
    }
    if (req.body.cancel_at !== undefined) subscription.cancel_at = Number(req.body.cancel_at) || null;
    res.status(200).json(subscription);
  });

  app.delete('/v1/subscriptions/:id', (req, res) => {
    const subscription = subscriptions.retrieve('acct_default', req.params.id ?? '', 'id');
    notCanceled(subscription);
    const now = Math.floor(Date.now() / 1000);
    Object.assign(subscription, { status: 'canceled', canceled_at: now, ended_at: now, cancel_at_period_end: false });
    res.status(200).json(subscription);
  });

  app.use(routes);
  app.use((error: unknown, _req: IncomingMessage, res: ExpressResponse, next: (error: unknown) => void) => {
    if (error instanceof RestError) {
      res.status(error.statusCode).send({ error: error.error });
      return;
    }
    next(error);
  });

  const server: Server = createServer((req, res) =>
    app(req, res, () => {
      res.writeHead(500).end();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    client(key = STRIPE_TEST_KEY) {
      const { port } = new URL(url);
      return new Stripe(key, { host: '127.0.0.1', port: Number(port), protocol: 'http', maxNetworkRetries: 0 });
    },
    revoke(key) {
      revoked.add(key);
    },
    refuseNext(method, path, answer, key) {
      refusals.push({ method, path, answer, key });
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
