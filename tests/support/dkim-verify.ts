import { createHash, createPublicKey, verify } from 'node:crypto';

export type DkimResult = { domain: string; selector: string; bodyHashMatches: boolean; signatureValid: boolean };

/**
 * Checks a message's (first) DKIM-Signature against a public key, as a receiving server would
 * (RFC 6376: rsa-sha256, relaxed/relaxed or simple/simple canonicalization), with node:crypto
 * only. `publicKey` is the record's p= (base64 SubjectPublicKeyInfo). Throws when there is no
 * signature or it uses something else.
 */
export function verifyDkim(raw: Buffer, publicKey: string): DkimResult {
  const text = raw.toString('latin1');
  const split = /\r?\n\r?\n/.exec(text);
  const head = split ? text.slice(0, split.index) : text;
  const body = split ? text.slice(split.index + split[0].length) : '';
  const headers = parseHeaders(head);
  const signature = headers.find((header) => header.name.toLowerCase() === 'dkim-signature');
  if (!signature) throw new Error('The message has no DKIM-Signature');
  const tags = parseTags(signature.value);
  if (tags.get('a') !== 'rsa-sha256') throw new Error(`Unexpected DKIM algorithm ${tags.get('a') ?? ''}`);
  const [headerCanon = 'simple', bodyCanon = 'simple'] = (tags.get('c') ?? 'simple/simple').split('/');

  const bodyHash = createHash('sha256').update(canonicalBody(body, bodyCanon), 'latin1').digest('base64');
  const signed = (tags.get('h') ?? '').split(':').map((name) => name.trim().toLowerCase()).filter(Boolean);
  const used = new Map<string, number>();
  let data = '';
  for (const name of signed) {
    // Repeated fields are signed from the bottom up; a name listed more often than present signs nothing.
    const matching = headers.filter((header) => header !== signature && header.name.toLowerCase() === name);
    const taken = used.get(name) ?? 0;
    used.set(name, taken + 1);
    const header = matching[matching.length - 1 - taken];
    if (header) data += `${canonicalHeader(header, headerCanon)}\r\n`;
  }
  const unsigned = { name: signature.name, value: signature.value.replace(/(^|;)(\s*b\s*=)[^;]*/, '$1$2') };
  data += canonicalHeader(unsigned, headerCanon);
  const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
  return {
    domain: tags.get('d') ?? '',
    selector: tags.get('s') ?? '',
    bodyHashMatches: bodyHash === tags.get('bh'),
    signatureValid: verify('sha256', Buffer.from(data, 'latin1'), key, Buffer.from(tags.get('b') ?? '', 'base64')),
  };
}

type Header = { name: string; value: string };

/** The header fields in order, each with its raw value (folding kept). */
function parseHeaders(head: string): Header[] {
  const headers: Header[] = [];
  for (const line of head.split(/\r?\n/)) {
    const last = headers.at(-1);
    if (/^[ \t]/.test(line) && last) last.value += `\r\n${line}`;
    else {
      const colon = line.indexOf(':');
      if (colon > 0) headers.push({ name: line.slice(0, colon), value: line.slice(colon + 1) });
    }
  }
  return headers;
}

function parseTags(value: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of value.split(';')) {
    const index = part.indexOf('=');
    // Whitespace inside a value (folded b=, bh=, h=) is not part of it.
    if (index > 0) tags.set(part.slice(0, index).trim(), part.slice(index + 1).replace(/\s+/g, ''));
  }
  return tags;
}

function canonicalHeader(header: Header, canon: string): string {
  if (canon === 'simple') return `${header.name}:${header.value}`;
  const value = header.value.replace(/\r?\n/g, '').replace(/[ \t]+/g, ' ').trim();
  return `${header.name.trim().toLowerCase()}:${value}`;
}

function canonicalBody(body: string, canon: string): string {
  let lines = body.split(/\r?\n/);
  if (canon === 'relaxed') lines = lines.map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length === 0) return canon === 'relaxed' ? '' : '\r\n';
  return `${lines.join('\r\n')}\r\n`;
}
