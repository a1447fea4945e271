import type { Config } from '../config';
import type { Selectable } from 'kysely';
import type { Database, Db } from '../db/database';
import type { DialectName } from '../db/open-database';
import type { Metrics } from '../metrics/metrics';
import { feedBounds, feedMessageText, isVisibleTo, readChanges } from './change-feed';
import { firstScreen, type FirstScreenPart } from './first-screen';
import { bootstrapFrameText, nothingSent, organizationDocuments, type BootstrapFrame, type CollectionReaders } from './organization-documents';
import type { AckCounter } from './ack-counter';
import { bootstrapPacer } from './bootstrap-pace';
import type { PaintAcks } from './paint-acks';
import type { StreamClient } from './stream-hub';
import { sendDeflatedFlushed, sendFrameFlushed, sendFramesFlushed } from './stream-socket';

const PAGE = 500;

/** What a bootstrap reads, supplied by the domains (server-modules.ts). */
export type BootstrapSources = { firstScreen: readonly FirstScreenPart[]; readers: CollectionReaders };

export type CatchUpDeps = {
  db: Db;
  dialect: DialectName;
  metrics: Metrics;
  config: Pick<Config, 'firstScreenWaitMs' | 'bootstrapWindowDocs' | 'bootstrapStallMs'>;
  bootstrap: BootstrapSources;
};

/**
 * Who the socket belongs to, and the conversation its tab has open (the `open` hint), for a
 * bootstrap's first screen; `closedSince`: the start of the agent's replication window (null: all);
 * `paints`: the socket's answers to the first screen's PAINTs; `written`: its WRITTEN answers, when
 * it asked for a paced bootstrap (bootstrap-pace.ts), else null.
 */
export type CatchUpViewer = {
  agent: Selectable<Database['agents']>;
  open: number | null;
  closedSince: number | null;
  paints: PaintAcks;
  written: AckCounter | null;
  /** The client takes the bootstrap's rest as deflated binary frames (`batches=deflate`). */
  deflatedBatches: boolean;
};

/**
 * Whether the feed can bring a client from `cursor`: not ahead of the feed, and not before
 * what is retained (nothing is pruned yet, but a pruned feed must answer with a reset).
 */
export function isReplayableCursor(cursor: number | undefined, bounds: { latest: number; oldest: number | null }): cursor is number {
  if (cursor === undefined || cursor > bounds.latest) return false;
  return bounds.oldest === null || cursor >= bounds.oldest - 1;
}

/**
 * Brings a new socket up to date before it goes live: the feed rows after its cursor, or, when
 * the cursor cannot be replayed, RESET and every current document. Resolves to the cursor of
 * its READY, or null when the socket went away meanwhile.
 */
export async function catchUp(deps: CatchUpDeps, client: StreamClient, cursor: number | undefined, viewer: CatchUpViewer): Promise<number | null> {
  const bounds = await feedBounds(deps.db, client.orgId);
  if (isReplayableCursor(cursor, bounds)) return replay(deps, client, cursor, bounds.latest);
  return bootstrap(deps, client, bounds.latest, viewer);
}

async function replay({ db, metrics }: CatchUpDeps, client: StreamClient, cursor: number, through: number): Promise<number | null> {
  let after = cursor;
  while (after < through) {
    const rows = await readChanges(db, client.orgId, { after, through, limit: PAGE });
    const visible = rows.filter((row) => isVisibleTo(row, client.agentId));
    if (!(await sendFramesFlushed(client.socket, visible.map(feedMessageText)))) return null;
    metrics.feedRowsSent += visible.length;
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) break;
    after = Number(last.org_seq);
  }
  return through;
}

/**
 * RESET, the agent's first screen (first-screen.ts), then every other document, newest and open
 * conversations first (organization-documents.ts). The rest waits until the client has answered
 * every PAINT of the first screen (it wrote it; its tabs are reading it), at most
 * `firstScreenWaitMs` (FIRST_SCREEN_WAIT_MS): sent at once, the rest arrived while the first
 * screen was being written and read, and its transfer, parsing and writes took the CPU the first
 * paint needed. Its first page is read meanwhile. The snapshot position is read before any
 * document: a document changed after it is sent again live, and the client keeps the copy with
 * the higher version.
 */
async function bootstrap({ db, dialect, metrics, config, bootstrap: sources }: CatchUpDeps, client: StreamClient, snapshot: number, viewer: CatchUpViewer): Promise<number | null> {
  if (!(await sendFrameFlushed(client.socket, JSON.stringify({ action: 'RESET' })))) return null;
  const sent = nothingSent();
  const paced = bootstrapPacer(viewer.written, config.bootstrapWindowDocs, config.bootstrapStallMs, (outcome) => {
    metrics.paceWaits[outcome] += 1;
  });
  // `deflated`: as a binary batch (`batches=deflate`, for the rest after the first screen).
  const send = async (frame: BootstrapFrame, deflated = false) =>
    (await paced(frame)) && (deflated ? sendDeflatedFlushed : sendFrameFlushed)(client.socket, bootstrapFrameText(frame));
  let paints = 0;
  for await (const frame of firstScreen(sources.firstScreen, { db, dialect, orgId: client.orgId, agent: viewer.agent, open: viewer.open }, sent)) {
    if (!(await send(frame))) return null;
    if (frame.action === 'PAINT') paints += 1;
  }
  const rest = organizationDocuments(sources.readers, db, dialect, client.orgId, client.agentId, PAGE, sent, viewer.closedSince);
  const first = rest.next();
  // Awaited together: a failed read is raised here, not left unhandled while the client answers.
  const [, shown] = await Promise.all([first, viewer.paints.waitFor(paints, config.firstScreenWaitMs)]);
  if (shown !== 'closed') metrics.firstScreens[shown] += 1;
  for (let step = await first; !step.done; step = await rest.next()) {
    if (!(await send(step.value, viewer.deflatedBatches))) {
      await rest.return(undefined);
      return null;
    }
  }
  return snapshot;
}
