import { Resolver } from 'node:dns/promises';

/**
 * The DNS lookups domain verification needs. Injectable (AppOptions.dns) so that a test, or a
 * deployment with its own resolvers (DNS_SERVERS), decides who answers.
 */
export type DnsResolver = {
  resolveMx(name: string): Promise<{ exchange: string; priority: number }[]>;
  /** Each record as its character-strings (joined, they make the record's text). */
  resolveTxt(name: string): Promise<string[][]>;
};

const TIMEOUT_MS = 4_000;

/** The system's resolvers, or the given ones (`ip` or `ip:port`). */
export function createDnsResolver(servers: readonly string[]): DnsResolver {
  const resolver = new Resolver({ timeout: TIMEOUT_MS, tries: 3 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return {
    resolveMx: (name) => resolver.resolveMx(name),
    resolveTxt: (name) => resolver.resolveTxt(name),
  };
}

/** A name that does not exist or has no record of the type: an answer, not a failure. */
export function isNoRecordsError(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOTFOUND' || error.code === 'ENODATA');
}
