import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { inboundTransport, startEmailServer, type EmailServer } from '../support/email-server';
import { clockOffset, epochNow, signedInContext, sleep, waitLive } from './browser-bench';
import { paintedMarker, runInPage, watchMarker } from './page-probes';
import { ms, percentile, report } from './stats';

const ORG = { conversations: 200, messagesPerConversation: 3 };
const WARMUP_ROUNDS = 3;
const ROUNDS = 30;
const TABS = 5;
/** Sustained load: this many SMTP sessions, each sending one message after another, for SEND_MS. */
const SMTP_CONNECTIONS = 4;
const SEND_MS = 10_000;
const PAINT_TIMEOUT_MS = 15_000;
const DRAIN_TIMEOUT_MS = 120_000;
/** The agent's inbox for the benchmark: email conversations, newest first, so a new one is the top row. */
const INBOX = { key: 'email-bench', name: 'Email', query: 'channel:email order:newest' };

// The in-page parts run through runInPage (see page-probes.ts): self-contained functions only.

type Tracker = {
  /** Per marker `<prefix>-<n>`: when its row first appeared in the document (epoch ms, at the DOM change). */
  rows: Record<string, number>;
  /** The inbox's unread count in the sidebar (its exact value is the link's title), at each change. */
  unread: { at: number; count: number }[];
};
type TrackerWindow = { __emailTracker?: Tracker };

/**
 * Watches one tab: rows carrying a marker as they are added (a virtual list renders only the
 * rows in view, so a burst can pass some by) and the sidebar's unread count of the inbox, which
 * counts every conversation the tab has (the same live data as the list).
 */
function trackInboxInPage(input: { prefix: string; inboxKey: string }): number {
  const host = window as unknown as TrackerWindow;
  const tracker: Tracker = { rows: {}, unread: [] };
  host.__emailTracker = tracker;
  const epoch = () => performance.timeOrigin + performance.now();
  const pattern = new RegExp(`${input.prefix}-\\d+`, 'g');
  const scan = (text: string | null) => {
    for (const match of (text ?? '').matchAll(pattern)) if (!(match[0] in tracker.rows)) tracker.rows[match[0]] = epoch();
  };
  const unread = () => {
    const badge = document.querySelector(`a[href*="inbox=${input.inboxKey}"] .nav-link__count`);
    return badge ? Number.parseInt(badge.getAttribute('title') ?? '0', 10) : 0;
  };
  let last = unread();
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData') scan(record.target.textContent);
      else for (const node of record.addedNodes) scan(node.textContent);
    }
    const count = unread();
    if (count !== last) {
      last = count;
      tracker.unread.push({ at: epoch(), count });
    }
  }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['title'] });
  return last;
}

function trackedInPage(): Tracker {
  return (window as unknown as TrackerWindow).__emailTracker ?? { rows: {}, unread: [] };
}

export async function withEmailSetup(run: (app: EmailServer, browser: Browser) => Promise<void>): Promise<void> {
  const app = await startEmailServer({ org: `bench-mail-${randomBytes(3).toString('hex')}`, ...ORG });
  let browser: Browser | null = null;
  try {
    const saved = await app.api.patch('account/', { custom_inboxes: [INBOX] });
    if (saved.status !== 200) throw new Error(`Saving the inbox failed: ${saved.status} ${saved.text}`);
    browser = await launchBrowser('chromium');
    await run(app, browser);
  } finally {
    await browser?.close();
    await app.server.stop();
  }
}

export async function openInbox(page: Page, app: EmailServer): Promise<void> {
  await page.goto(`/${app.seeded.slug}/conversations?inbox=${INBOX.key}`);
  await page.getByTestId('conversation-list').waitFor({ timeout: 30_000 });
  await waitLive(page, 30_000);
}

export function mail(app: EmailServer, marker: string, n: number) {
  return {
    from: { name: `Customer ${n}`, address: `customer-${marker}@bench.example` },
    to: app.address,
    subject: `Order question ${marker}`,
    text: `Hello, where is my order? (${marker})`,
    html: `<p>Hello, where is <b>my order</b>? (${marker})</p>`,
  };
}

/** 1. One email at a time through SMTP until its row is painted in an open inbox tab. */
async function inboundToPaint(app: EmailServer, browser: Browser): Promise<void> {
  const { page } = await signedInContext(browser, app, { frames: false });
  await openInbox(page, app);
  const { offset } = await clockOffset(page);
  // One SMTP session kept open, as a provider delivering a stream of mail would.
  const transport = inboundTransport(app.smtpPort, 1);
  const paint: number[] = [];
  const dom: number[] = [];
  const smtp: number[] = [];
  let missed = 0;
  try {
    for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
      const marker = `m${round}x${randomBytes(3).toString('hex')}`;
      await watchMarker(page, marker);
      const started = epochNow();
      await transport.sendMail(mail(app, marker, round));
      const accepted = epochNow();
      const mark = await paintedMarker(page, marker, PAINT_TIMEOUT_MS);
      if (round < WARMUP_ROUNDS) continue;
      if (!mark) {
        missed += 1;
        continue;
      }
      const painted = mark.epoch - offset - started;
      paint.push(painted);
      dom.push(painted - (mark.local - mark.domAt));
      smtp.push(accepted - started);
      await sleep(100);
    }
  } finally {
    transport.close();
  }
  console.log(`inbound email → paint (${ORG.conversations} conv. org, ${ROUNDS} emails one at a time, 1 tab on a "newest email" inbox)`);
  console.log('  from just before nodemailer sendMail (pooled SMTP session) to the first rAF after the new row is in the DOM; "SMTP" = until the 250 (stored)');
  report('  → paint', { p50: ms(percentile(paint, 50)), p95: ms(percentile(paint, 95)), max: ms(Math.max(...paint)), missed });
  report('  → DOM', { p50: ms(percentile(dom, 50)), p95: ms(percentile(dom, 95)) });
  report('  SMTP accepted (250)', { p50: ms(percentile(smtp, 50)), p95: ms(percentile(smtp, 95)) });
}

/** 2. Sustained inbound mail on SMTP_CONNECTIONS sessions while TABS tabs have the inbox open. */
async function sustainedInbound(app: EmailServer, browser: Browser): Promise<void> {
  const first = await signedInContext(browser, app, { frames: false });
  const context: BrowserContext = first.context;
  const tabs = [first.page];
  for (let i = 1; i < TABS; i++) tabs.push(await context.newPage());
  for (const tab of tabs) await openInbox(tab, app);
  const offsets = await Promise.all(tabs.map((tab) => clockOffset(tab)));
  const prefix = `s${randomBytes(3).toString('hex')}`;
  const baselines = await Promise.all(tabs.map((tab) => runInPage(tab, trackInboxInPage, { prefix, inboxKey: INBOX.key })));

  const transport = inboundTransport(app.smtpPort, SMTP_CONNECTIONS);
  const sentAt = new Map<string, number>();
  let failed = 0;
  let next = 0;
  const started = epochNow();
  const sender = async () => {
    while (epochNow() - started < SEND_MS) {
      const n = next++;
      const marker = `${prefix}-${n}`;
      const at = epochNow();
      try {
        await transport.sendMail(mail(app, marker, n));
        sentAt.set(marker, at);
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: SMTP_CONNECTIONS }, sender));
  const sendEnded = epochNow();
  transport.close();
  const accepted = sentAt.size;

  // Wait until every tab counts every accepted message (or give up).
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  let tracked: Tracker[] = [];
  for (;;) {
    tracked = await Promise.all(tabs.map((tab) => runInPage(tab, trackedInPage, null)));
    const complete = tracked.every((tracker, i) => (tracker.unread.at(-1)?.count ?? 0) >= (baselines[i] ?? 0) + accepted);
    if (complete || Date.now() > deadline) break;
    await sleep(250);
  }

  const perTab = tracked.map((tracker, i) => {
    const offset = offsets[i]?.offset ?? 0;
    const target = (baselines[i] ?? 0) + accepted;
    const reached = tracker.unread.find((sample) => sample.count >= target);
    const latencies = [...sentAt.entries()].flatMap(([marker, at]) => (marker in tracker.rows ? [(tracker.rows[marker] ?? 0) - offset - at] : []));
    return {
      counted: Math.max(0, (tracker.unread.at(-1)?.count ?? 0) - (baselines[i] ?? 0)),
      allAt: reached ? reached.at - offset : Number.NaN,
      rowsSeen: latencies.length,
      latencies,
    };
  });
  const lastTab = Math.max(...perTab.map((tab) => tab.allAt));
  const sendSeconds = (sendEnded - started) / 1000;
  const all = perTab.flatMap((tab) => tab.latencies);
  console.log(`sustained inbound email (${SMTP_CONNECTIONS} SMTP sessions sending back to back for ${SEND_MS / 1000} s, ${TABS} tabs open on the inbox, one browser context)`);
  console.log('  "counted" = the tab\'s unread count of the inbox (sidebar, same live data as the list) includes it; rate = messages / (every tab counted all − first send);');
  console.log('  "rows" = rows that appeared in the virtual list\'s DOM (a burst between two renders scrolls some past unrendered), clocks offset-corrected');
  report('  SMTP accepted (250)', { messages: accepted, failed, rate: `${(accepted / sendSeconds).toFixed(1)} msg/s` });
  report('  counted in every tab', {
    messages: Math.min(...perTab.map((tab) => tab.counted)),
    rate: `${(accepted / ((lastTab - started) / 1000)).toFixed(1)} msg/s`,
    'after last send': ms(lastTab - sendEnded),
  });
  report('  send → row in DOM, under load', {
    rows: `${Math.min(...perTab.map((tab) => tab.rowsSeen))}–${Math.max(...perTab.map((tab) => tab.rowsSeen))} of ${accepted} per tab`,
    p50: ms(percentile(all, 50)),
    p95: ms(percentile(all, 95)),
    max: ms(Math.max(...all)),
  });
}

/** `npm run bench email`: inbound email until painted, and sustained inbound with 5 tabs open. */
export async function benchEmail(): Promise<void> {
  await withEmailSetup(inboundToPaint);
  await withEmailSetup(sustainedInbound);
}
