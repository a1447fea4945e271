import {
  EMAIL_LINK_MAX_REQUESTS_PER_IP,
  LOGIN_MAX_ATTEMPTS_PER_IP,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_WINDOW_MS,
} from '../../protocol/constants';
import type { Clock } from '../clock';
import { createRateLimiter, type RateLimiter } from './rate-limiter';

export type AuthLimits = {
  /** Every sign-in attempt, by client IP. */
  loginAttemptsPerIp: RateLimiter;
  /** Wrong passwords, by email address (across organizations). */
  loginFailuresPerAccount: RateLimiter;
  /** Requests that send an email with a link, by client IP. */
  emailLinksPerIp: RateLimiter;
};

export function createAuthLimits(clock: Clock): AuthLimits {
  return {
    loginAttemptsPerIp: createRateLimiter({ limit: LOGIN_MAX_ATTEMPTS_PER_IP, windowMs: LOGIN_WINDOW_MS, clock }),
    loginFailuresPerAccount: createRateLimiter({ limit: LOGIN_MAX_FAILURES_PER_ACCOUNT, windowMs: LOGIN_WINDOW_MS, clock }),
    emailLinksPerIp: createRateLimiter({ limit: EMAIL_LINK_MAX_REQUESTS_PER_IP, windowMs: LOGIN_WINDOW_MS, clock }),
  };
}
