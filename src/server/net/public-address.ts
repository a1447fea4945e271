import { isIPv6 } from 'node:net';

/**
 * Whether an address is one of the public internet's, so that a connection the server opens
 * for a user-given URL cannot reach the machine itself, its network or its cloud's metadata
 * service. Non-public: IANA's special-purpose ranges (RFC 6890 and its updates) — unspecified,
 * "this network", loopback, private (RFC 1918), shared/CGNAT (100.64/10), link-local (with
 * 169.254.169.254), the IETF, benchmarking and documentation ranges, multicast, reserved and
 * broadcast; for IPv6 anything outside global unicast 2000::/3 (loopback, unique-local, link-
 * and site-local, multicast) and inside it the documentation, Teredo and ORCHID ranges. An IPv6
 * address carrying an IPv4 one (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16)
 * is judged by the IPv4 address it carries; the deprecated IPv4-compatible ::a.b.c.d is refused.
 */
export function isPublicAddress(address: string): boolean {
  const parsed = parseIpAddress(address);
  if (!parsed) return false;
  return parsed.length === 4 ? isPublicIPv4(parsed) : isPublicIPv6(parsed);
}

/** Whether an address is this machine's own: 127.0.0.0/8, ::1 or IPv4-mapped 127.x. */
export function isLoopbackAddress(address: string): boolean {
  const bytes = parseIpAddress(address);
  if (!bytes) return false;
  if (bytes.length === 4) return bytes[0] === 127;
  const mapped = bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (mapped) return bytes[12] === 127;
  return bytes.slice(0, 15).every((byte) => byte === 0) && bytes[15] === 1;
}

/**
 * The bytes of an IP address (4 or 16), or null when `text` is not one. IPv4 is read as
 * inet_aton and URLs do: one to four parts, each decimal, octal (leading 0) or hex (0x), the last
 * filling the bytes left (`2130706433`, `0x7f000001`, `0177.0.0.1` and `127.1` are 127.0.0.1).
 * IPv6 may be in brackets; a zone (`fe80::1%eth0`) is kept off and judged by the address.
 */
export function parseIpAddress(text: string): number[] | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (bare.includes(':')) return parseIPv6(bare.split('%')[0] ?? '');
  return parseIPv4(bare);
}

type Range = { bytes: readonly number[]; bits: number };

const range = (bytes: readonly number[], bits: number): Range => ({ bytes, bits });

const IPV4_NOT_PUBLIC: readonly Range[] = [
  range([0, 0, 0, 0], 8),
  range([10, 0, 0, 0], 8),
  range([100, 64, 0, 0], 10),
  range([127, 0, 0, 0], 8),
  range([169, 254, 0, 0], 16),
  range([172, 16, 0, 0], 12),
  range([192, 0, 0, 0], 24),
  range([192, 0, 2, 0], 24),
  range([192, 88, 99, 0], 24),
  range([192, 168, 0, 0], 16),
  range([198, 18, 0, 0], 15),
  range([198, 51, 100, 0], 24),
  range([203, 0, 113, 0], 24),
  range([224, 0, 0, 0], 4),
  range([240, 0, 0, 0], 4),
];

const IPV6_NOT_PUBLIC_IN_GLOBAL: readonly Range[] = [
  range([0x20, 0x01, 0, 0], 23), // IETF protocol assignments (Teredo 2001::/32, ORCHID, benchmarking)
  range([0x20, 0x01, 0x0d, 0xb8], 32), // documentation
  range([0x3f, 0xff, 0, 0], 20), // documentation (RFC 9637)
];

function inRange(bytes: readonly number[], { bytes: prefix, bits }: Range): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const take = Math.min(8, bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((prefix[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

function isPublicIPv4(bytes: readonly number[]): boolean {
  return !IPV4_NOT_PUBLIC.some((candidate) => inRange(bytes, candidate));
}

function isPublicIPv6(bytes: readonly number[]): boolean {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  // ::ffff:a.b.c.d (mapped) and 64:ff9b::a.b.c.d (NAT64) reach that IPv4 address; ::/96 (with ::, ::1 and the deprecated ::a.b.c.d) is outside 2000::/3.
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return isPublicIPv4(bytes.slice(12));
  if (inRange(bytes, range([0, 0x64, 0xff, 0x9b], 32)) && zeros(4, 12)) return isPublicIPv4(bytes.slice(12));
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return isPublicIPv4(bytes.slice(2, 6));
  if (!inRange(bytes, range([0x20], 3))) return false;
  return !IPV6_NOT_PUBLIC_IN_GLOBAL.some((candidate) => inRange(bytes, candidate));
}

function parseIPv4Part(part: string): number | null {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return Number.parseInt(part.slice(1), 8);
  if (/^(0|[1-9][0-9]*)$/.test(part)) return Number(part);
  return null;
}

function parseIPv4(text: string): number[] | null {
  const parts = (text.endsWith('.') ? text.slice(0, -1) : text).split('.');
  if (parts.length < 1 || parts.length > 4) return null;
  const numbers = parts.map(parseIPv4Part);
  if (numbers.some((value) => value === null)) return null;
  const values = numbers as number[];
  const last = values.pop() ?? 0;
  if (values.some((value) => value > 255) || last >= 256 ** (4 - values.length)) return null;
  const bytes = [...values];
  for (let index = 4 - values.length - 1; index >= 0; index--) bytes.push(Math.floor(last / 256 ** index) % 256);
  return bytes;
}

function parseIPv6(text: string): number[] | null {
  if (!isIPv6(text)) return null;
  let head = text;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = parseIPv4(dotted[1]);
    if (!v4) return null;
    tail.push(...v4);
    head = text.slice(0, -dotted[1].length);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const groups = (side: string) => (side === '' ? [] : side.split(':').map((group) => Number.parseInt(group, 16)));
  const [left = '', right] = head.split('::');
  const leftGroups = groups(left);
  const rightGroups = right === undefined ? [] : groups(right);
  const fill = 8 - tail.length / 2 - leftGroups.length - rightGroups.length;
  const all = [...leftGroups, ...Array<number>(right === undefined ? 0 : fill).fill(0), ...rightGroups];
  if (all.length * 2 + tail.length !== 16) return null;
  return [...all.flatMap((group) => [group >> 8, group & 0xff]), ...tail];
}
