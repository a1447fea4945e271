import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/server-migrations';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/open-database';
import { threadMessagesJson } from '../../src/server/messages/message-json';
import { toMessage } from '../../src/server/messages/message-model';
import { threadMessagesQuery } from '../../src/server/messages/message-queries';
import { seedOrganization } from '../../src/server/seed/seed-organization';
import { createTestDatabase, dropTestDatabase } from '../support/postgres';
import { describeEachDatabase } from './server-suite';

/**
 * A bootstrap's messages are written as JSON by the database (message-json.ts), every other read
 * of a message goes through toMessage: a client must get the same document either way.
 */
describeEachDatabase("a bootstrap's messages written by the database", (database) => {
  // One after the other: the tests edit the rows the others read.
  describe.sequential('against toMessage', () => {
    let handle: DatabaseHandle;
    let cleanup: () => Promise<void> = () => Promise.resolve();
    let orgId = 0;
    let conversationIds: number[] = [];

    beforeAll(async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'message-json-'));
      const databaseUrl = database === 'postgres' ? await createTestDatabase() : null;
      handle = openDatabase({ databaseUrl, dataDir });
      cleanup = async () => {
        await handle.db.destroy();
        if (databaseUrl) await dropTestDatabase(databaseUrl);
        rmSync(dataDir, { recursive: true, force: true });
      };
      await migrateToLatest(handle);
      await seedOrganization(handle, { org: 'message-json', conversations: 12, messagesPerConversation: 6 });
      orgId = (await handle.db.selectFrom('organizations').select('id').where('slug', '=', 'message-json').executeTakeFirstOrThrow()).id;
      conversationIds = (await handle.db.selectFrom('conversations').select('id').where('org_id', '=', orgId).orderBy('id').execute()).map((row) => row.id);
    });

    afterAll(() => cleanup());

    async function messageIds(): Promise<number[]> {
      return (await threadMessagesQuery(handle.db, orgId, conversationIds).execute()).map((row) => row.id);
    }

    async function expectSameAsToMessage(): Promise<void> {
      const rows = await threadMessagesQuery(handle.db, orgId, conversationIds).execute();
      const written = await threadMessagesJson(handle.db, handle.dialect, orgId, conversationIds);
      expect(written).toHaveLength(rows.length);
      expect(written.map((text) => JSON.parse(text) as unknown)).toStrictEqual(rows.map(toMessage));
    }

    it('writes each seeded message and note exactly as toMessage does, in thread order', async () => {
      const rows = await threadMessagesQuery(handle.db, orgId, conversationIds).execute();
      expect(new Set(rows.map((row) => row.type))).toEqual(new Set(['MESSAGE', 'NOTE']));
      await expectSameAsToMessage();
    });

    it('writes every optional field the same: attachments, copies, mentions, HTML, delivery, odd text and times', async () => {
      const ids = await messageIds();
      const edits = [
        { attachments: JSON.stringify([{ name: 'report "Q3".pdf', size: 1234, type: 'application/pdf', url: '/attachments/a b.pdf' }]) },
        { cc: JSON.stringify(['ann@example.com', 'bo@example.com']), bcc: JSON.stringify(['audit@example.com']) },
        { cc: JSON.stringify([]), bcc: null },
        { mentions: JSON.stringify([3, 7]) },
        { mentions: JSON.stringify([]) },
        { html: '<p>Caf\u00e9 \u{1F600} "quoted" \\ back</p>\n<script>x</script>', message: 'line\nnext\ttab \u0001 \u2028 </script>' },
        { auto_kind: 'AUTO_REPLY' as const, delivery_error: 'Mailbox full: 552 5.2.2', deliver_at: 1_763_000_000_999, delay: 30, target_id: 'tab-7:c-1' },
        { timestamp_ts: 1_700_000_000_000 },
        { timestamp_ts: 1_700_000_000_005 },
        { timestamp_ts: 946_684_799_999 },
        { message: '' },
      ];
      for (const [index, values] of edits.entries()) {
        await handle.db.updateTable('messages').set(values).where('id', '=', ids[index] as number).execute();
      }
      await expectSameAsToMessage();
    });

    it('still sends the page when a stored JSON column does not parse, as toMessage reads it', async () => {
      const ids = await messageIds();
      await handle.db.updateTable('messages').set({ attachments: '{not json' }).where('id', '=', ids.at(-1) as number).execute();
      await expectSameAsToMessage();
      const written = await threadMessagesJson(handle.db, handle.dialect, orgId, conversationIds);
      expect(JSON.parse(written.at(-1) as string)).toMatchObject({ attachments: [] });
    });

    it("names only the given conversations of the caller's organization", async () => {
      const [first] = conversationIds;
      const written = (await threadMessagesJson(handle.db, handle.dialect, orgId, [first as number])).map((text) => JSON.parse(text) as { conversation_id: number });
      expect(written.length).toBeGreaterThan(0);
      expect(written.every((message) => message.conversation_id === first)).toBe(true);
      expect(await threadMessagesJson(handle.db, handle.dialect, orgId + 1000, conversationIds)).toEqual([]);
    });
  });
});
