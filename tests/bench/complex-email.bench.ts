import { linksHtml, messageWithHtml, nestedHtml } from '../support/complex-email';
import { startEmailServer } from '../support/email-server';
import { openSmtpSession } from '../support/smtp-client';
import { serverRss } from './bench-server';
import { mib, ms, percentile, report } from './stats';

/** Each SMTP session sends these, one after another; the sessions run side by side. */
const SESSIONS = 4;
const PER_SESSION = [nestedHtml(100_000), linksHtml(300_000)];
/** The pool's idle timeout (content-pool.ts) and some: the workers should have exited by then. */
const IDLE_WAIT_MS = 35_000;

/**
 * A burst of mail too complex to display (100,000 nested elements, 300,000 links in 14 MB) over
 * SMTP, with /ping asked without pause meanwhile: how long each message takes until stored, how
 * long a ping waits, and the server's memory before, at its peak, right after and once the
 * content workers are idle.
 */
export async function benchComplexEmail(): Promise<void> {
  // As `npm start` runs it (scripts/start.mjs).
  const env = { MALLOC_MMAP_THRESHOLD_: '65536' };
  const bench = await startEmailServer({ org: `complex-${Math.random().toString(36).slice(2, 8)}`, conversations: 5, messagesPerConversation: 1, env });
  try {
    const { server, address, smtpPort } = bench;
    const baseline = await serverRss(server);
    let peak = baseline;
    let sending = true;
    const sampling = (async () => {
      while (sending) {
        peak = Math.max(peak, await serverRss(server));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    const pings: number[] = [];
    const pinging = (async () => {
      while (sending) {
        const start = performance.now();
        await (await fetch(`${server.url}/ping`)).arrayBuffer();
        pings.push(performance.now() - start);
      }
    })();

    const started = performance.now();
    const perMessage = (await Promise.all(Array.from({ length: SESSIONS }, (_, session) => sendAll(smtpPort, address, session)))).flat();
    const burstMs = performance.now() - started;
    sending = false;
    await Promise.all([sampling, pinging]);
    const after = await serverRss(server);
    await new Promise((resolve) => setTimeout(resolve, IDLE_WAIT_MS));
    const idle = await serverRss(server);
    const workers = /^inbox_parse_workers (\d+)$/m.exec(await (await fetch(`${server.url}/metrics`)).text())?.[1] ?? '?';

    report(`complex email, ${perMessage.length} messages by ${SESSIONS} sessions`, {
      burst: ms(burstMs),
      'per message p50': ms(percentile(perMessage, 50)),
      'max': ms(Math.max(...perMessage)),
    });
    report('  /ping during the burst', { count: pings.length, p50: ms(percentile(pings, 50)), p99: ms(percentile(pings, 99)), max: ms(Math.max(...pings)) }, 'max well under 1 s');
    report('  server RSS', { before: mib(baseline), peak: mib(peak), after: mib(after), [`${IDLE_WAIT_MS / 1000} s later`]: mib(idle), workers }, 'back near before');
  } finally {
    await bench.server.stop();
  }
}

async function sendAll(port: number, to: string, session: number): Promise<number[]> {
  const smtp = openSmtpSession(port);
  const times: number[] = [];
  try {
    await smtp.command('HELO bench.example');
    for (const [index, html] of PER_SESSION.entries()) {
      const from = `sender-${session}@customer.example`;
      await smtp.command(`MAIL FROM:<${from}>`);
      await smtp.command(`RCPT TO:<${to}>`);
      const start = performance.now();
      const reply = await smtp.data(messageWithHtml({ from, to, subject: `Complex ${session}-${index}`, html, text: 'The plain version.' }));
      if (reply.code !== 250) throw new Error(`Refused: ${reply.code} ${reply.text}`);
      times.push(performance.now() - start);
    }
  } finally {
    await smtp.close();
  }
  return times;
}
