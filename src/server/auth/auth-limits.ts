import {
  EMAIL_LINK_MAX_REQUESTS_PER_IP,
  LOGIN_MAX_ATTEMPTS_PER_IP,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_DEVICE,
  LOGIN_MAX_FAILURES_PER_SOURCE,
  LOGIN_WINDOW_MS,
} from '../../protocol/constants';
import type { RateLimitStore } from './rate-limit-store';
import { createRateLimiter, type RateLimiter } from './rate-limiter';

export type AuthLimits = {
  /** Every sign-in attempt, by client IP. */
  loginAttemptsPerIp: RateLimiter;
  /** Wrong passwords from one client IP the account does not trust, by IP and email address. */
  loginFailuresPerSource: RateLimiter;
  /** Wrong passwords from every client the account does not trust, by email address (across organizations). */
  loginFailuresPerAccount: RateLimiter;
  /** Wrong passwords from one trusted device (device-cookie.ts), by its device token. */
  loginFailuresPerDevice: RateLimiter;
  /** Requests that send an email with a link, by client IP. */
  emailLinksPerIp: RateLimiter;
};

export function createAuthLimits(store: RateLimitStore, loginAttemptsPerIp = LOGIN_MAX_ATTEMPTS_PER_IP): AuthLimits {
  return {
    loginAttemptsPerIp: createRateLimiter({ name: 'login-ip', limit: loginAttemptsPerIp, windowMs: LOGIN_WINDOW_MS, store }),
    loginFailuresPerSource: createRateLimiter({ name: 'login-source', limit: LOGIN_MAX_FAILURES_PER_SOURCE, windowMs: LOGIN_WINDOW_MS, store }),
    loginFailuresPerAccount: createRateLimiter({ name: 'login-account', limit: LOGIN_MAX_FAILURES_PER_ACCOUNT, windowMs: LOGIN_WINDOW_MS, store }),
    loginFailuresPerDevice: createRateLimiter({ name: 'login-device', limit: LOGIN_MAX_FAILURES_PER_DEVICE, windowMs: LOGIN_WINDOW_MS, store }),
    emailLinksPerIp: createRateLimiter({ name: 'email-link-ip', limit: EMAIL_LINK_MAX_REQUESTS_PER_IP, windowMs: LOGIN_WINDOW_MS, store }),
  };
}

/** A counter of wrong passwords: the limiter and the key it counts under. */
export type LoginFailureCounter = { limiter: RateLimiter; key: string };

/**
 * The lockout policy, as counters a sign-in must find unexhausted and bumps on a wrong password.
 * A client the account trusts (it signed in before and holds the device cookie) is counted on
 * its own. Any other client is counted per source (its IP with the account) and, with every
 * other untrusted client, per account under a ceiling several sources must reach together. So a
 * guesser from one address slows only itself; the owner's device always gets through with the
 * right password, and the owner's new browser elsewhere does unless many addresses guess at once.
 */
export function loginFailureCounters(limits: AuthLimits, email: string, ip: string, trustedDeviceId: number | null): LoginFailureCounter[] {
  if (trustedDeviceId !== null) return [{ limiter: limits.loginFailuresPerDevice, key: `device:${trustedDeviceId}` }];
  return [
    { limiter: limits.loginFailuresPerSource, key: `${ip}|${email}` },
    { limiter: limits.loginFailuresPerAccount, key: email },
  ];
}
