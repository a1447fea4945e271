import { expect, it } from 'vitest';
import type { Session } from '../../src/protocol/api/models';
import {
  EMAIL_LINK_MAX_REQUESTS_PER_IP,
  LOGIN_MAX_ATTEMPTS_PER_IP,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_DEVICE,
  LOGIN_MAX_FAILURES_PER_SOURCE,
} from '../../src/protocol/constants';
import { ERROR_TEXTS } from '../../src/protocol/error-texts';
import type { ApiClient, ApiResponse } from '../support/api-client';
import { describeEachDatabase, uid, useServerSuite } from './server-suite';

/** The device cookie a sign-in answer sets, as a Cookie header value (`inbox_device=…`). */
function deviceCookie(response: ApiResponse<unknown>): string {
  const cookie = response.headers.get('set-cookie') ?? '';
  const pair = /^(inbox_device=[A-Za-z0-9_-]+);/.exec(cookie)?.[1];
  if (!pair) throw new Error(`No device cookie in ${JSON.stringify(cookie)}`);
  return pair;
}

const login = (api: ApiClient, body: { email: string; password: string }, cookie?: string) =>
  api.post<Session>('auth/login', body, cookie ? { headers: { cookie } } : {});

describeEachDatabase('rate limits', (database) => {
  const suite = useServerSuite(database);

  /** Signs up through the API and keeps the device cookie the sign-up set. */
  async function signUpOnDevice() {
    const id = uid();
    const body = { name: 'Owner', email: `owner-${id}@example.com`, password: `password-${id}`, organization_name: 'Org', domain: `org-${id}` };
    const created = await suite.client().post('auth/create', body);
    if (created.status !== 201) throw new Error(`Sign-up failed: ${created.status} ${created.text}`);
    return { email: body.email, password: body.password, device: deviceCookie(created) };
  }

  it(`a guesser is slowed after ${LOGIN_MAX_FAILURES_PER_SOURCE} wrong passwords from one address, and the owner elsewhere still signs in`, { timeout: 90_000 }, async () => {
    const { email, password } = await suite.signUp();
    const guesser = suite.client();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_SOURCE; i++) {
      expect((await guesser.post('auth/login', { email, password: `wrong ${i}` })).status).toBe(400);
    }
    const slowed = await guesser.post('auth/login', { email, password });
    expect(slowed.status).toBe(429);
    expect(slowed.body).toEqual({ error: ERROR_TEXTS.rateLimited });
    // The owner on a browser that never signed in, from another address: not held by the guesses.
    expect((await suite.client().post<Session>('auth/login', { email, password })).status).toBe(200);
    expect((await guesser.post('auth/login', { email, password })).status).toBe(429);
  });

  it('a correct password before the limit clears the failure count', { timeout: 90_000 }, async () => {
    const { email, password } = await suite.signUp();
    for (let round = 0; round < 2; round++) {
      const api = suite.client();
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_SOURCE - 1; i++) {
        await api.post('auth/login', { email, password: 'wrong' });
      }
      expect((await api.post<Session>('auth/login', { email, password })).status).toBe(200);
    }
  });

  it(`one IP gets ${LOGIN_MAX_ATTEMPTS_PER_IP} sign-in attempts per window, then 429`, { timeout: 90_000 }, async () => {
    const api = suite.client();
    for (let i = 0; i < LOGIN_MAX_ATTEMPTS_PER_IP; i++) {
      expect((await api.post('auth/login', { email: `nobody-${uid()}@example.com`, password: 'whatever' })).status).toBe(400);
    }
    const limited = await api.post('auth/login', { email: `nobody-${uid()}@example.com`, password: 'whatever' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: ERROR_TEXTS.rateLimited });
    expect((await suite.client().post('auth/login', { email: `nobody-${uid()}@example.com`, password: 'x' })).status).toBe(400);
  });

  it('lost-password and sign-in-link requests share a per-IP limit', async () => {
    const api = suite.client();
    for (let i = 0; i < EMAIL_LINK_MAX_REQUESTS_PER_IP; i++) {
      const path = i % 2 === 0 ? 'auth/lost-password' : 'auth/login-link';
      expect((await api.post(path, { email: `someone-${uid()}@example.com` })).status).toBe(200);
    }
    const limited = await api.post('auth/lost-password', { email: `someone-${uid()}@example.com` });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: ERROR_TEXTS.rateLimited });
    expect((await api.post('auth/login-link', { email: `someone-${uid()}@example.com` })).status).toBe(429);
  });

  it('a sign-in sets an httpOnly, SameSite=Strict device cookie for the auth calls only', async () => {
    const { email, password } = await suite.signUp();
    const signedIn = await login(suite.client(), { email, password });
    expect(signedIn.status).toBe(200);
    const header = signedIn.headers.get('set-cookie') ?? '';
    expect(header).toMatch(/^inbox_device=[A-Za-z0-9_-]{43}; /);
    expect(header).toContain('; HttpOnly');
    expect(header).toContain('; SameSite=Strict');
    expect(header).toContain('; Path=/api/auth');
    expect(header).toMatch(/; Max-Age=[1-9][0-9]*/);
    // The token is no session: it opens nothing.
    const token = deviceCookie(signedIn).split('=')[1] ?? '';
    expect((await suite.client(token).get('account/')).status).toBe(401);
  });

  it("guesses from another address never block the owner's correct password on a device that signed in before; the guesser is still slowed", { timeout: 90_000 }, async () => {
    const { email, password, device } = await signUpOnDevice();
    const guesser = suite.client();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_SOURCE; i++) await login(guesser, { email, password: `guess ${i}` });
    expect((await login(guesser, { email, password })).status).toBe(429);
    // A forged cookie or another account's cookie is no trusted device: the guesser stays slowed.
    const othersDevice = (await signUpOnDevice()).device;
    for (const cookie of ['inbox_device=forged-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', othersDevice]) {
      const refused = await login(guesser, { email, password }, cookie);
      expect(refused.status, cookie).toBe(429);
      expect(refused.body).toEqual({ error: ERROR_TEXTS.rateLimited });
    }

    const signedIn = await login(suite.client(), { email, password }, device);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.agent.email).toBe(email);
    // The guesser's count still holds after the owner signed in.
    expect((await login(guesser, { email, password })).status).toBe(429);
  });

  it(`the owner's device is limited on its own after ${LOGIN_MAX_FAILURES_PER_DEVICE} wrong passwords`, { timeout: 90_000 }, async () => {
    const { email, password, device } = await signUpOnDevice();
    const api = suite.client();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_DEVICE; i++) {
      expect((await login(api, { email, password: `wrong ${i}` }, device)).status).toBe(400);
    }
    const limited = await login(api, { email, password }, device);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: ERROR_TEXTS.rateLimited });
    // Its failures are the device's own: the account is not locked for the owner's other clients.
    expect((await login(suite.client(), { email, password })).status).toBe(200);
  });

  // Many scrypt checks: alone (not beside the other tests, whose minute windows it would stretch), and generous.
  it.sequential(`guesses spread over many addresses lock out new browsers after ${LOGIN_MAX_FAILURES_PER_ACCOUNT} together, never the owner's device`, { timeout: 120_000 }, async () => {
    const { email, password, device } = await signUpOnDevice();
    const sources = Math.ceil(LOGIN_MAX_FAILURES_PER_ACCOUNT / LOGIN_MAX_FAILURES_PER_SOURCE);
    for (let source = 0; source < sources; source++) {
      const guesser = suite.client();
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_SOURCE; i++) await login(guesser, { email, password: `guess ${source}.${i}` });
    }
    const newBrowser = await login(suite.client(), { email, password });
    expect(newBrowser.status).toBe(429);
    expect((await login(suite.client(), { email, password }, device)).status).toBe(200);
    // The owner signing in does not clear the account's count for strangers.
    expect((await login(suite.client(), { email, password })).status).toBe(429);
  });
});
