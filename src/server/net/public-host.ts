import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { ConfigError } from '../config-error';
import { isPublicAddress } from './public-address';

/** Hosts an administrator lets the server reach although they are not public (a self-hosted service). */
export type PrivateHostAllowance = { any: boolean; hosts: ReadonlySet<string> };

export const NO_PRIVATE_HOSTS: PrivateHostAllowance = { any: false, hosts: new Set() };

/** A URL's host as compared and resolved: lower case, IPv6 without its brackets. */
export function hostOf(url: URL): string {
  const host = url.hostname.toLowerCase();
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

export function allowsPrivate(allowance: PrivateHostAllowance, host: string): boolean {
  return allowance.any || allowance.hosts.has(host.toLowerCase());
}

/** `*`, or host names and addresses separated by commas, each read as a URL's host would be. */
export function parsePrivateHostAllowance(value: string | undefined, name: string): PrivateHostAllowance {
  const text = value?.trim() ?? '';
  if (text === '') return NO_PRIVATE_HOSTS;
  if (text === '*') return { any: true, hosts: new Set() };
  const hosts = new Set<string>();
  for (const entry of text.split(',').map((part) => part.trim()).filter(Boolean)) {
    const url = URL.canParse(`https://${entry}/`) ? new URL(`https://${entry}/`) : null;
    if (!url || url.port !== '' || url.pathname !== '/' || url.username !== '') throw new ConfigError(`${name} must be * or host names and addresses separated by commas (without ports)`);
    hosts.add(hostOf(url));
  }
  return { any: false, hosts };
}

/** A connection was refused because its host is, or resolves to, an address off the public internet. */
export class NonPublicHostError extends Error {
  constructor(readonly host: string) {
    super(`${host} is not on the public internet`);
    this.name = 'NonPublicHostError';
  }
}

/** Every address `host` has, resolved as a connection would. */
export type ResolveHost = (host: string) => Promise<LookupAddress[]>;

const resolveWithDns: ResolveHost = (host) =>
  new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/**
 * Rejects with NonPublicHostError unless `host` is public: an address literal is judged as it
 * is, a name by every address it resolves to now (one non-public address is enough to refuse).
 * A lookup failure rejects with its own error.
 */
export async function checkPublicHost(host: string, allowance: PrivateHostAllowance, resolve: ResolveHost = resolveWithDns): Promise<void> {
  if (allowsPrivate(allowance, host)) return;
  if (isIP(host) !== 0) {
    checkAddressLiteral(host, allowance);
    return;
  }
  const addresses = await resolve(host);
  if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address))) throw new NonPublicHostError(host);
}

/** Throws NonPublicHostError when `host` is an address literal off the public internet (and not allowed); a name passes. */
export function checkAddressLiteral(host: string, allowance: PrivateHostAllowance): void {
  if (isIP(host) !== 0 && !isPublicAddress(host) && !allowsPrivate(allowance, host)) throw new NonPublicHostError(host);
}

/**
 * A `lookup` for http(s) agents and sockets: it resolves as DNS would and hands the connection
 * only addresses it checked, so the address connected to is the address judged (a name that
 * changes its answer between a check and the connection cannot slip through). Address literals
 * never reach a lookup: check them with checkAddressLiteral first.
 */
export function publicOnlyLookup(allowance: PrivateHostAllowance): LookupFunction {
  return (host, options, callback) => {
    dnsLookup(host, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const first = addresses[0];
      if (!first || (!allowsPrivate(allowance, host) && addresses.some((entry) => !isPublicAddress(entry.address)))) {
        callback(new NonPublicHostError(host), '', 0);
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}
