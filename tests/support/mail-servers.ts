import { afterAll, beforeAll } from 'vitest';
import { startDnsServer, type DnsServer } from './dns-server';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

/** The mail world around a server under test: where it delivers (SMTP_URL) and whom it asks (DNS_SERVERS). */
export type MailServers = { readonly sink: SmtpSink; readonly dns: DnsServer };

/**
 * For a browser file's top level, above its suite (whose server needs their addresses, so they
 * must start first): an SMTP sink and a DNS server, started before the file's tests and stopped
 * after them (after the suite's server, as hooks unwind).
 */
export function useMailServers(): MailServers {
  let sink: SmtpSink | undefined;
  let dns: DnsServer | undefined;
  beforeAll(async () => {
    [sink, dns] = await Promise.all([startSmtpSink(), startDnsServer()]);
  });
  afterAll(async () => {
    await Promise.all([sink?.stop(), dns?.stop()]);
  });
  return {
    get sink() {
      if (!sink) throw new Error('The SMTP sink starts in beforeAll: use it from a hook or a test.');
      return sink;
    },
    get dns() {
      if (!dns) throw new Error('The DNS server starts in beforeAll: use it from a hook or a test.');
      return dns;
    },
  };
}
