import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { MutationInput, OutboxRow } from '../../src/client-db/outbox-row';
import type { Message } from '../../src/protocol/documents';
import { newTempId } from '../../src/workers/engine/mutation-target';
import { definitionOf, primaryTargetKey, targetKeysOf } from '../../src/workers/mutations/mutation-registry';
import { launchBrowser } from '../support/browser';
import { startSeededServer } from './bench-server';
import { signedInContext, sleep } from './browser-bench';
import { runInPage } from './page-probes';
import { report } from './stats';

/**
 * 9. drain: 5,000 outbox rows queued offline (status, tags, notes and reads over 100
 * conversations, 50 each) in Chromium, with the inbox open in a tab; then the network comes back,
 * the tab is opened again and the real sync worker drains the outbox to the production server
 * (timed from the tab's opening). Rows/s over the whole drain and per
 * quarter (a rate that falls as the queue shrinks or grows shows a per-row cost that depends on
 * the queue). Checked: every note on the server exactly once, no row refused.
 */
const CONVERSATIONS = 100;
const ROWS = 5_000;
const STATUSES = ['WAITING', 'OPENED', 'CLOSED'] as const;

function actionOf(index: number, conversationIds: readonly number[]): MutationInput {
  const conversation_id = conversationIds[index % conversationIds.length] ?? 0;
  const round = Math.floor(index / conversationIds.length);
  switch (round % 4) {
    case 0:
      return { kind: 'status', conversation_id, status: STATUSES[round % STATUSES.length] ?? 'OPENED' };
    case 1:
      return { kind: 'tag', conversation_id, name: `drain ${round % 7}` };
    case 2:
      return { kind: 'note', conversation_id, message: `drain note ${index}` };
    default:
      return { kind: 'read', conversation_id };
  }
}

/**
 * The outbox rows the worker's enqueue would write for `actions` (registry's targets, a temporary
 * id for what creates a document), without their optimistic patches: queueing 5,000 actions one
 * strict transaction at a time takes many minutes on a loaded machine, and it is not what is
 * measured here.
 */
function outboxRowsOf(actions: readonly MutationInput[], now: number): OutboxRow[] {
  return actions.map((args, index) => {
    const temp_id = definitionOf(args).creates ? newTempId(randomUUID()) : null;
    return {
      client_id: randomUUID(),
      seq: index + 1,
      kind: args.kind,
      target_key: primaryTargetKey({ args, temp_id }),
      target_keys: targetKeysOf({ args, temp_id }),
      args,
      created_at: now,
      send_at: now,
      state: 'queued',
      attempts: 0,
      error: null,
      temp_id,
    };
  });
}

/** Writes the rows into the organization's outbox in one transaction (raw IndexedDB, in the page). */
async function writeOutbox(page: Page, slug: string, rows: OutboxRow[]): Promise<void> {
  await runInPage(page, async (input: { database: string; rows: unknown[] }) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(input.database);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
    });
    try {
      const tx = db.transaction('outbox', 'readwrite');
      const store = tx.objectStore('outbox');
      for (const row of input.rows) store.add(row);
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
      });
    } finally {
      db.close();
    }
  }, { database: `inbox-${slug}`, rows });
}

/** Outbox rows still to send (queued or sending), by the `state` index. */
async function pendingRows(page: Page, slug: string): Promise<number> {
  return runInPage(page, async (database: string) => {
    const request = <T,>(req: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
      });
    const db = await request(indexedDB.open(database));
    try {
      const index = db.transaction('outbox', 'readonly').objectStore('outbox').index('state');
      const [queued, sending] = await Promise.all([request(index.count('queued')), request(index.count('sending'))]);
      return queued + sending;
    } finally {
      db.close();
    }
  }, `inbox-${slug}`);
}

export async function benchDrain(): Promise<void> {
  const bench = await startSeededServer(CONVERSATIONS, 2);
  const browser = await launchBrowser('chromium');
  try {
    const { conversations } = (await bench.api.get<{ conversations: { id: number }[] }>(`conversations/?limit=${CONVERSATIONS}`)).body;
    const ids = conversations.map((conversation) => conversation.id);
    const signedIn = await signedInContext(browser, bench, { frames: false });
    const { context } = signedIn;
    let page = signedIn.page;
    page.on('crash', () => console.error('drain: the inbox tab crashed'));
    await context.setOffline(true);
    await page.getByTestId('connection-status').filter({ hasText: 'Offline' }).waitFor({ timeout: 30_000 });
    const actions = Array.from({ length: ROWS }, (_, index) => actionOf(index, ids));
    await writeOutbox(page, bench.seeded.slug, outboxRowsOf(actions, Date.now()));
    const queued = await pendingRows(page, bench.seeded.slug);
    if (queued !== ROWS) throw new Error(`expected ${ROWS} queued rows, found ${queued}`);

    // The worker reads the outbox when something tells it to (a new action, back online, a
    // reconnection, its start), and Chromium's offline emulation does not reliably reach a
    // SharedWorker: rows written behind its back could wait there. So the tab is closed (its
    // engine stops with it) and opened again, as by an agent back from a flight: the new engine
    // starts with the 5,000 rows queued.
    await context.setOffline(false);
    await page.close();
    await sleep(2_000);
    const started = performance.now();
    page = await context.newPage();
    page.on('crash', () => console.error('drain: the inbox tab crashed'));
    await page.goto(`/${bench.seeded.slug}/conversations`);
    const quarters: number[] = [];
    let left = queued;
    while (left > 0) {
      await sleep(200);
      left = await pendingRows(page, bench.seeded.slug);
      while (quarters.length < 3 && left <= ROWS * (1 - (quarters.length + 1) / 4)) quarters.push(performance.now() - started);
      if (left === queued && performance.now() - started > 60_000) throw new Error('nothing was sent in 60 s: the worker did not read the outbox');
      if (performance.now() - started > 30 * 60_000) throw new Error(`the drain did not end in 30 min (${left} rows left)`);
    }
    const drainMs = performance.now() - started;
    quarters.push(drainMs);

    const notes = actions.filter((action) => action.kind === 'note').length;
    let onServer = 0;
    for (const id of ids) {
      const { messages } = (await bench.api.get<{ messages: Message[] }>(`conversations/${id}/messages/?limit=100`)).body;
      onServer += messages.filter((message) => message.type === 'NOTE' && message.message.startsWith('drain note ')).length;
    }
    const perQuarter = quarters.map((at, i) => ((ROWS / 4) / ((at - (quarters[i - 1] ?? 0)) / 1000)).toFixed(0));
    report(`drain (${ROWS} rows, ${CONVERSATIONS} conversations)`, {
      'rows/s': (ROWS / (drainMs / 1000)).toFixed(0),
      total: `${(drainMs / 1000).toFixed(1)} s`,
      'per quarter (rows/s)': perQuarter.join(' / '),
      'notes on server': `${onServer}/${notes}`,
    }, '≥ 100 rows/s');
    if (onServer !== notes) throw new Error(`expected ${notes} notes on the server exactly once, found ${onServer}`);
  } finally {
    await browser.close();
    await bench.server.stop();
  }
}
