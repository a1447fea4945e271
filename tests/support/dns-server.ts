import { createSocket } from 'node:dgram';
import type { DnsRecordCheck } from '../../src/protocol/api/channels';

export type DnsZone = {
  mx?: { priority: number; exchange: string }[];
  /** Each record as its character-strings (each at most 255 bytes). */
  txt?: string[][];
  /** Answers for this name are held this long (to observe a check while it runs). */
  delayMs?: number;
};

export type DnsServer = {
  /** Give this to the server as DNS_SERVERS. */
  address: string;
  /** Names (lowercase, no trailing dot) and their records; change them between tests. */
  zones: Map<string, DnsZone>;
  /** Names asked so far, as `TYPE name`. */
  queries: string[];
  stop(): Promise<void>;
};

const TYPE_MX = 15;
const TYPE_TXT = 16;

/**
 * A small authoritative DNS server on 127.0.0.1 (UDP, free port) answering MX and TXT from
 * `zones`: NXDOMAIN for an unknown name, an empty answer for a known name without that type.
 * Real enough for node:dns's resolver, which the server under test points at via DNS_SERVERS.
 */
export async function startDnsServer(): Promise<DnsServer> {
  const socket = createSocket('udp4');
  const server: DnsServer = {
    address: '',
    zones: new Map(),
    queries: [],
    stop: () =>
      new Promise((resolve) => {
        open = false;
        socket.close(() => resolve());
      }),
  };
  let open = true;
  socket.on('message', (query, peer) => {
    const answer = respond(server, query);
    if (!answer) return;
    setTimeout(() => {
      if (open) socket.send(answer.bytes, peer.port, peer.address);
    }, answer.delayMs);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  server.address = `127.0.0.1:${socket.address().port}`;
  return server;
}

function respond(server: DnsServer, query: Buffer): { bytes: Buffer; delayMs: number } | null {
  if (query.length < 12) return null;
  let offset = 12;
  const labels: string[] = [];
  for (;;) {
    const length = query[offset];
    if (length === undefined) return null;
    offset += 1;
    if (length === 0) break;
    labels.push(query.subarray(offset, offset + length).toString('ascii'));
    offset += length;
  }
  const type = query.readUInt16BE(offset);
  const questionEnd = offset + 4;
  const name = labels.join('.').toLowerCase();
  server.queries.push(`${type === TYPE_MX ? 'MX' : type === TYPE_TXT ? 'TXT' : String(type)} ${name}`);
  const zone = server.zones.get(name);
  const records = !zone ? [] : type === TYPE_MX ? (zone.mx ?? []).map(mxData) : type === TYPE_TXT ? (zone.txt ?? []).map(txtData) : [];

  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  // QR, opcode 0, AA, RD copied, RA; RCODE 3 (NXDOMAIN) for an unknown name.
  header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100) | 0x0080 | (zone ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  const answers = records.map((data) => {
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0);
    fixed.writeUInt16BE(type, 2);
    fixed.writeUInt16BE(1, 4);
    fixed.writeUInt32BE(60, 6);
    fixed.writeUInt16BE(data.length, 10);
    return Buffer.concat([fixed, data]);
  });
  return { bytes: Buffer.concat([header, query.subarray(12, questionEnd), ...answers]), delayMs: zone?.delayMs ?? 0 };
}

function encodeName(name: string): Buffer {
  const parts = name.replace(/\.$/, '').split('.').filter(Boolean);
  return Buffer.concat([...parts.map((part) => Buffer.concat([Buffer.from([part.length]), Buffer.from(part, 'ascii')])), Buffer.from([0])]);
}

function mxData(mx: { priority: number; exchange: string }): Buffer {
  const priority = Buffer.alloc(2);
  priority.writeUInt16BE(mx.priority, 0);
  return Buffer.concat([priority, encodeName(mx.exchange)]);
}

function txtData(strings: string[]): Buffer {
  return Buffer.concat(strings.map((text) => Buffer.concat([Buffer.from([Buffer.byteLength(text)]), Buffer.from(text, 'utf8')])));
}

/**
 * Publishes what a channel's records ask for (`EmailChannel.domain.records`), as the domain's
 * owner would at their DNS provider: an MX to `mx.<domain>` (or the host asked for), and each
 * TXT value as asked, split into 255-byte strings. Replaces whatever those names had.
 */
export function publishRecords(server: DnsServer, records: readonly Pick<DnsRecordCheck, 'type' | 'name' | 'expected'>[]): void {
  const zones = new Map<string, DnsZone>();
  for (const record of records) {
    const zone = zones.get(record.name) ?? {};
    if (record.type === 'MX') {
      const host = /^\d+ (\S+)$/.exec(record.expected)?.[1] ?? `mx.${record.name}`;
      zone.mx = [...(zone.mx ?? []), { priority: 10, exchange: host }];
    } else {
      const text = record.expected.replace(' … ', ' ');
      zone.txt = [...(zone.txt ?? []), text.match(/.{1,255}/g) ?? ['']];
    }
    zones.set(record.name, zone);
  }
  for (const [name, zone] of zones) server.zones.set(name, zone);
}
