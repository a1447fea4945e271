import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import type { RuleDryRun } from '../../src/protocol/api/rule-requests';
import type { Rule } from '../../src/protocol/documents';
import { startSeededServer } from './bench-server';
import { inboundTransport, type EmailServer } from '../support/email-server';
import { clockOffset, epochNow, signedInContext, sleep } from './browser-bench';
import { mail, openInbox, withEmailSetup } from './email.bench';
import { paintedMarker, watchMarker } from './page-probes';
import { ms, percentile, report } from './stats';

const RULES = 50;
/** Rounds per block; blocks alternate without rules and with them, so the machine's drift falls on both. */
const BLOCK = 15;
const BLOCKS = 4;
const WARMUP_ROUNDS = 3;
const PAINT_TIMEOUT_MS = 15_000;

/**
 * 50 enabled rules on new customer mail, as a busy team's list might read: most look for other
 * senders, subjects and words (every condition is evaluated), two match every mail of the
 * benchmark and tag it (their effects and history notes travel with the new conversation).
 */
function ruleBodies(): object[] {
  return Array.from({ length: RULES }, (_, n) => {
    const matches = n === 23 || n === 48;
    return {
      id: `ru-bench-${n}`,
      name: `Bench rule ${n}`,
      trigger: n % 5 === 4 ? 'customer_replied' : 'created_by_customer',
      match: n % 2 === 0 ? 'all' : 'any',
      conditions: matches
        ? [{ field: 'subject', op: 'contains', value: 'order question' }]
        : [
            { field: 'sender_domain', op: 'is', value: `vendor-${n}.example` },
            { field: 'subject', op: 'contains', value: `invoice ${n}` },
            { field: 'body', op: 'contains', value: `unsubscribe ${n}` },
          ],
      actions: [{ type: 'add_tag', value: matches ? `bench-${n}` : `never-${n}` }],
    };
  });
}

async function setEnabled(app: EmailServer, enabled: boolean): Promise<void> {
  for (let n = 0; n < RULES; n++) {
    const answer = await app.api.patch<Rule>(`rules/ru-bench-${n}`, { enabled });
    if (answer.status !== 200) throw new Error(`Switching rule ${n} failed: ${answer.status} ${answer.text}`);
  }
}

/** SMTP → painted, one email at a time, in blocks without rules and with 50 enabled rules. */
async function inboundWithRules(app: EmailServer, browser: Browser): Promise<void> {
  for (const body of ruleBodies()) {
    const created = await app.api.post('rules/', { ...body, enabled: false });
    if (created.status !== 201) throw new Error(`Creating a rule failed: ${created.status} ${created.text}`);
  }
  const { page } = await signedInContext(browser, app, { frames: false });
  await openInbox(page, app);
  const { offset } = await clockOffset(page);
  const transport = inboundTransport(app.smtpPort, 1);
  const paint: Record<'none' | 'rules', number[]> = { none: [], rules: [] };
  const smtp: Record<'none' | 'rules', number[]> = { none: [], rules: [] };
  let missed = 0;
  try {
    for (let block = 0; block < BLOCKS; block++) {
      const withRules = block % 2 === 1;
      await setEnabled(app, withRules);
      const key = withRules ? 'rules' : 'none';
      for (let round = 0; round < (block === 0 ? WARMUP_ROUNDS : 0) + BLOCK; round++) {
        const marker = `r${block}x${round}x${randomBytes(3).toString('hex')}`;
        await watchMarker(page, marker);
        const started = epochNow();
        await transport.sendMail(mail(app, marker, round));
        const accepted = epochNow();
        const mark = await paintedMarker(page, marker, PAINT_TIMEOUT_MS);
        if (block === 0 && round < WARMUP_ROUNDS) continue;
        if (!mark) {
          missed += 1;
          continue;
        }
        paint[key].push(mark.epoch - offset - started);
        smtp[key].push(accepted - started);
        await sleep(100);
      }
    }
  } finally {
    transport.close();
  }
  const p95 = { none: percentile(paint.none, 95), rules: percentile(paint.rules, 95) };
  console.log(`inbound email → paint with ${RULES} enabled rules against none (${BLOCKS} alternating blocks of ${BLOCK} emails, 1 tab on a "newest email" inbox)`);
  console.log('  rules run in the write transaction that stores the mail: 40 on "a customer starts a conversation", 3 conditions each; 2 match and tag');
  report('  no rules → paint', { p50: ms(percentile(paint.none, 50)), p95: ms(p95.none), 'SMTP p95': ms(percentile(smtp.none, 95)) });
  report(`  ${RULES} rules → paint`, { p50: ms(percentile(paint.rules, 50)), p95: ms(p95.rules), 'SMTP p95': ms(percentile(smtp.rules, 95)), missed });
  report('  ratio (p95 with rules / without)', { ratio: (p95.rules / p95.none).toFixed(2), 'SMTP p95 ratio': (percentile(smtp.rules, 95) / percentile(smtp.none, 95)).toFixed(2) });
}

/** `npm run bench rules`: inbound email with 50 enabled rules against the same run without. */
export async function benchRules(): Promise<void> {
  await withEmailSetup(inboundWithRules);
}

const DRY_RUN_CONVERSATIONS = 10_000;
const DRY_RUNS = 20;

/**
 * `npm run bench rules-dry-run`: the rule editor's dry run ("how many of the last 30 days'
 * conversations would this match") over an organization of 10,000 conversations, two
 * conditions that read every one of them (the channel, and a body that never matches).
 */
export async function benchRuleDryRun(): Promise<void> {
  const app = await startSeededServer(DRY_RUN_CONVERSATIONS, 1);
  try {
    const body = {
      trigger: 'created_by_customer',
      match: 'all',
      conditions: [
        { field: 'channel', op: 'is', value: 'EMAIL' },
        { field: 'body', op: 'not_contains', value: 'zzzz-never' },
      ],
    };
    const times: number[] = [];
    const server: number[] = [];
    let last: RuleDryRun | undefined;
    for (let run = 0; run < WARMUP_ROUNDS + DRY_RUNS; run++) {
      const started = performance.now();
      const answer = await app.api.post<RuleDryRun>('rules/dry-run', body);
      if (answer.status !== 200) throw new Error(`The dry run failed: ${answer.status} ${answer.text}`);
      if (run < WARMUP_ROUNDS) continue;
      times.push(performance.now() - started);
      server.push(answer.body.took_ms);
      last = answer.body;
    }
    console.log(`rule dry run over an organization of ${DRY_RUN_CONVERSATIONS} conversations (${last?.total} of them in the last 30 days read, ${last?.matched} matched), ${DRY_RUNS} runs`);
    report('  dry run', { p50: ms(percentile(times, 50)), p95: ms(percentile(times, 95)), 'server p95': ms(percentile(server, 95)), target: '≤ 1000 ms p95' });
  } finally {
    await app.server.stop();
  }
}
