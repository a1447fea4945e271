import { VISITOR_TOKEN_PATTERN } from '../protocol/widget';

/**
 * What the widget keeps in the host page's localStorage, per inbox server and organization: the
 * visitor's token (so a reload or the next page continues the same conversation) and whether
 * the panel was open. Storage can be missing or refuse (private windows, blocked cookies): then
 * it lasts as long as the page.
 */
export type VisitorStorage = {
  token(): string | null;
  setToken(token: string): void;
  wasOpen(): boolean;
  setOpen(open: boolean): void;
};

type Saved = { visitor?: string; open?: boolean };

export function createVisitorStorage(serverOrigin: string, org: string): VisitorStorage {
  const key = `support-inbox-chat:${serverOrigin}:${org}`;
  let memory: Saved = read(key);
  const save = (change: Saved) => {
    memory = { ...memory, ...change };
    try {
      window.localStorage.setItem(key, JSON.stringify(memory));
    } catch {
      // Kept in memory for this page only.
    }
  };
  return {
    token: () => (memory.visitor && VISITOR_TOKEN_PATTERN.test(memory.visitor) ? memory.visitor : null),
    setToken: (token) => save({ visitor: token }),
    wasOpen: () => memory.open === true,
    setOpen: (open) => save({ open }),
  };
}

function read(key: string): Saved {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(key) ?? '{}');
    if (typeof value !== 'object' || value === null) return {};
    const saved = value as Record<string, unknown>;
    return { ...(typeof saved.visitor === 'string' ? { visitor: saved.visitor } : {}), ...(saved.open === true ? { open: true } : {}) };
  } catch {
    return {};
  }
}
