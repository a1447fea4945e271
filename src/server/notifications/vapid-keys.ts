import webpush from 'web-push';
import { z } from 'zod';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { readJsonColumn } from '../db/json-column';
import type { NotificationConfig } from './notification-config';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const KEY_NAME = 'vapid';
const storedKeys = z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) });

/**
 * The server's VAPID key pair (RFC 8292): from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set,
 * else the pair kept in the database, made on first start. Every instance ends up with the same
 * pair: the first insert wins and each instance reads what was kept.
 */
export async function loadVapidKeys(db: Db, given: { publicKey: string; privateKey: string } | null, subject: string, now: number): Promise<VapidKeys> {
  if (given) return { ...given, subject };
  const read = async () => {
    const row = await db.selectFrom('server_keys').select('value').where('name', '=', KEY_NAME).executeTakeFirst();
    return row ? readJsonColumn(row.value, storedKeys, null) : null;
  };
  let keys = await read();
  if (!keys) {
    const made = webpush.generateVAPIDKeys();
    await db
      .insertInto('server_keys')
      .values({ name: KEY_NAME, value: JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey }), created_at: now })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    keys = await read();
  }
  if (!keys) throw new Error('The VAPID keys could not be stored');
  return { ...keys, subject };
}

/** The key pair, loaded once on first use; a failed load is tried again by the next caller. */
export function vapidKeyLoader(db: Db, config: Pick<NotificationConfig, 'vapid' | 'vapidSubject'>, clock: Clock): () => Promise<VapidKeys> {
  let vapid: Promise<VapidKeys> | undefined;
  return () => {
    vapid ??= loadVapidKeys(db, config.vapid, config.vapidSubject, clock()).catch((error: unknown) => {
      vapid = undefined;
      throw error;
    });
    return vapid;
  };
}
