import { expect, it } from 'vitest';
import type { Session } from '../../src/protocol/api/models';
import {
  EMAIL_LINK_MAX_REQUESTS_PER_IP,
  LOGIN_MAX_ATTEMPTS_PER_IP,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
} from '../../src/protocol/constants';
import { ERROR_TEXTS } from '../../src/protocol/error-texts';
import { describeEachDatabase, uid, useServerSuite } from './server-suite';

describeEachDatabase('rate limits', (database) => {
  const suite = useServerSuite(database);

  it(`an account is locked after ${LOGIN_MAX_FAILURES_PER_ACCOUNT} wrong passwords, even from different IPs`, async () => {
    const { email, password } = await suite.signUp();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await suite.client().post('auth/login', { email, password: `wrong ${i}` })).status).toBe(400);
    }
    const locked = await suite.client().post('auth/login', { email, password });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ error: ERROR_TEXTS.rateLimited });
  });

  it('a correct password before the limit clears the failure count', async () => {
    const { email, password } = await suite.signUp();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT - 1; i++) {
        await suite.client().post('auth/login', { email, password: 'wrong' });
      }
      expect((await suite.client().post<Session>('auth/login', { email, password })).status).toBe(200);
    }
  });

  it(`one IP gets ${LOGIN_MAX_ATTEMPTS_PER_IP} sign-in attempts per window, then 429`, async () => {
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
});
