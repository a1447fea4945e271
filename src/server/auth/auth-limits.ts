import {
  EMAIL_LINK_MAX_REQUESTS_PER_IP,
  LOGIN_MAX_ATTEMPTS_PER_IP,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_DEVICE,
  LOGIN_WINDOW_MS,
} from '../../protocol/constants';
import type { RateLimitStore } from './rate-limit-store';
import { createRateLimiter, type RateLimiter } from './rate-limiter';

export type AuthLimits = {
  /** Every sign-in attempt, by client IP. */
  loginAttemptsPerIp: RateLimiter;
  /** Wrong passwords from clients the account does not trust, by email address (across organizations). */
  loginFailuresPerAccount: RateLimiter;
  /** Wrong passwords from one trusted device (device-cookie.ts), by its device token. */
  loginFailuresPerDevice: RateLimiter;
  /** Requests that send an email with a link, by client IP. */
  emailLinksPerIp: RateLimiter;
};

export function createAuthLimits(store: RateLimitStore): AuthLimits {
  return {
    loginAttemptsPerIp: createRateLimiter({ name: 'login-ip', limit: LOGIN_MAX_ATTEMPTS_PER_IP, windowMs: LOGIN_WINDOW_MS, store }),
    loginFailuresPerAccount: createRateLimiter({ name: 'login-account', limit: LOGIN_MAX_FAILURES_PER_ACCOUNT, windowMs: LOGIN_WINDOW_MS, store }),
    loginFailuresPerDevice: createRateLimiter({ name: 'login-device', limit: LOGIN_MAX_FAILURES_PER_DEVICE, windowMs: LOGIN_WINDOW_MS, store }),
    emailLinksPerIp: createRateLimiter({ name: 'email-link-ip', limit: EMAIL_LINK_MAX_REQUESTS_PER_IP, windowMs: LOGIN_WINDOW_MS, store }),
  };
}

/** Where a sign-in's wrong passwords are counted, and whose lockout refuses it. */
export type LoginFailureCounter = { limiter: RateLimiter; key: string };

/**
 * The lockout policy: a client the account trusts (it signed in before and holds the device
 * cookie) is counted and locked out on its own; every other client shares the account's
 * counter. So a stranger failing on purpose locks out strangers only, and the owner's device
 * still signs in with the right password, yet guessing from that device is limited too.
 */
export function loginFailureCounter(limits: AuthLimits, email: string, trustedDeviceId: number | null): LoginFailureCounter {
  if (trustedDeviceId === null) return { limiter: limits.loginFailuresPerAccount, key: email };
  return { limiter: limits.loginFailuresPerDevice, key: `device:${trustedDeviceId}` };
}
