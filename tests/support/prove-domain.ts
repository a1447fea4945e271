import type { EmailChannel } from '../../src/protocol/api/channels';
import type { ApiClient } from './api-client';
import { publishRecords, type DnsServer } from './dns-server';

/**
 * Proves a channel's domain for its organization: publishes the records its Email page lists
 * (its own challenge and DKIM key among them) in the test DNS server the server asks
 * (DNS_SERVERS), then verifies. Resolves to the verified channel; throws if it did not verify.
 */
export async function proveDomain(api: ApiClient, dns: DnsServer, channel: EmailChannel): Promise<EmailChannel> {
  publishRecords(dns, channel.domain.records);
  const verified = await api.get<EmailChannel>(`organization/channels/${encodeURIComponent(channel.email)}/verify`);
  if (verified.status !== 200 || verified.body.domain.verification !== 'VERIFIED') {
    throw new Error(`${channel.domain.name} did not verify: ${verified.status} ${verified.text}`);
  }
  return verified.body;
}
