import type { InboxReport } from '../../src/protocol/api/reporting-requests';
import { seedOnServer } from '../support/seeded-server';
import { startServer, type DatabaseKind } from '../support/server-process';
import { ms, percentile, report } from './stats';

/** The size: 200,000 conversations of 5 messages (1,000,000 messages); REPORT_BENCH_CONVERSATIONS for another. */
const CONVERSATIONS = Number(process.env.REPORT_BENCH_CONVERSATIONS ?? 200_000);
const MESSAGES_PER_CONVERSATION = 5;
const RUNS = 20;
const WARMUP = 3;
const DAY_MS = 86_400_000;

const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

async function timed(run: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let n = 0; n < WARMUP + RUNS; n++) {
    const started = performance.now();
    await run();
    if (n >= WARMUP) times.push(performance.now() - started);
  }
  return times;
}

async function onDatabase(database: DatabaseKind): Promise<void> {
  const server = await startServer({ database, entry: 'build' });
  try {
    const seeding = performance.now();
    const app = await seedOnServer(server, { org: `bench-report-${database}`, conversations: CONVERSATIONS, messagesPerConversation: MESSAGES_PER_CONVERSATION });
    const seeded = performance.now() - seeding;
    const range = `from=${day(-89)}&to=${day(0)}`;
    let created = 0;
    const get = (query: string) => async () => {
      const answer = await app.api.get<InboxReport>(`reporting/inbox?${query}`);
      if (answer.status !== 200) throw new Error(`The report failed: ${answer.status} ${answer.text}`);
      created = answer.body.current.created;
    };
    const whole = await timed(get(range));
    const wholeCreated = created;
    const tagged = await timed(get(`${range}&tag=billing`));
    console.log(
      `inbox report over ${database}: ${CONVERSATIONS} conversations, ${CONVERSATIONS * MESSAGES_PER_CONVERSATION} messages (seeded over the last 60 days in ${(seeded / 1000).toFixed(0)} s), a 90-day range; ${RUNS} requests each on loopback`,
    );
    report('  90 days, no filter', { p50: ms(percentile(whole, 50)), p95: ms(percentile(whole, 95)), created: wholeCreated, target: '≤ 300 ms p95' });
    report('  90 days, tag:billing', { p50: ms(percentile(tagged, 50)), p95: ms(percentile(tagged, 95)), created, target: '≤ 300 ms p95' });
  } finally {
    await server.stop();
  }
}

/** `npm run bench reporting`: the inbox report's answer time over a large organization, on SQLite and on PostgreSQL. */
export async function benchReporting(): Promise<void> {
  await onDatabase('sqlite');
  await onDatabase('postgres');
}
