import { WIDGET_LIMITS } from '../../protocol/widget';
import { createRateLimiter } from '../auth/rate-limiter';
import type { Clock } from '../clock';

const MINUTE_MS = 60_000;

/**
 * What one address and one visitor may do with the widget (WIDGET_LIMITS), in this process's
 * memory like the sign-in limits: new sockets per minute and open sockets at once per IP, and
 * messages per minute per visitor and per IP (so a script changing tokens is still held back).
 */
export type WidgetLimits = {
  /** Counts a new socket of `ip`; false (and nothing counted as open) when over a limit. */
  open(ip: string): boolean;
  /** A socket counted by a successful open() closed. */
  close(ip: string): void;
  /** Counts a frame that writes (send, identify); false when over a limit. */
  write(visitorKey: string, ip: string): boolean;
};

export function createWidgetLimits(clock: Clock): WidgetLimits {
  const connections = createRateLimiter({ limit: WIDGET_LIMITS.connectionsPerMinute, windowMs: MINUTE_MS, clock });
  const visitorWrites = createRateLimiter({ limit: WIDGET_LIMITS.messagesPerMinute, windowMs: MINUTE_MS, clock });
  const ipWrites = createRateLimiter({ limit: WIDGET_LIMITS.ipMessagesPerMinute, windowMs: MINUTE_MS, clock });
  const open = new Map<string, number>();
  return {
    open(ip) {
      const count = open.get(ip) ?? 0;
      if (count >= WIDGET_LIMITS.openConnectionsPerIp || !connections.consume(ip)) return false;
      open.set(ip, count + 1);
      return true;
    },
    close(ip) {
      const count = open.get(ip) ?? 0;
      if (count <= 1) open.delete(ip);
      else open.set(ip, count - 1);
    },
    write(visitorKey, ip) {
      return visitorWrites.consume(visitorKey) && ipWrites.consume(ip);
    },
  };
}
