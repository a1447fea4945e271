import { WIDGET_LIMITS } from '../../protocol/widget';
import type { RateLimitStore } from '../auth/rate-limit-store';
import { createRateLimiter } from '../auth/rate-limiter';

const MINUTE_MS = 60_000;

/**
 * What one address and one visitor may do with the widget (WIDGET_LIMITS): new sockets per
 * minute per IP, and messages per minute per visitor and per IP (so a script changing tokens is
 * still held back), counted in the shared store like the sign-in limits, so they hold across
 * instances. Open sockets at once per IP are counted by each instance for itself: they are
 * that instance's sockets.
 */
export type WidgetLimits = {
  /** Takes one of the IP's places among this instance's open sockets; false when none is left. */
  hold(ip: string): boolean;
  /** Gives back a place taken by hold(). */
  release(ip: string): void;
  /** Counts a new socket of `ip`; false when over the limit. */
  connect(ip: string): Promise<boolean>;
  /** Counts a frame that writes (send, identify); false when over a limit. */
  write(visitorKey: string, ip: string): Promise<boolean>;
};

export function createWidgetLimits(store: RateLimitStore): WidgetLimits {
  const connections = createRateLimiter({ name: 'widget-connect-ip', limit: WIDGET_LIMITS.connectionsPerMinute, windowMs: MINUTE_MS, store });
  const visitorWrites = createRateLimiter({ name: 'widget-write-visitor', limit: WIDGET_LIMITS.messagesPerMinute, windowMs: MINUTE_MS, store });
  const ipWrites = createRateLimiter({ name: 'widget-write-ip', limit: WIDGET_LIMITS.ipMessagesPerMinute, windowMs: MINUTE_MS, store });
  const open = new Map<string, number>();
  return {
    hold(ip) {
      const count = open.get(ip) ?? 0;
      if (count >= WIDGET_LIMITS.openConnectionsPerIp) return false;
      open.set(ip, count + 1);
      return true;
    },
    release(ip) {
      const count = open.get(ip) ?? 0;
      if (count <= 1) open.delete(ip);
      else open.set(ip, count - 1);
    },
    connect: (ip) => connections.consume(ip),
    async write(visitorKey, ip) {
      return (await visitorWrites.consume(visitorKey)) && (await ipWrites.consume(ip));
    },
  };
}
