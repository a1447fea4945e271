import { describe, expect, it } from 'vitest';
import type { UploadedAttachment } from '../../../../src/protocol/api/channels';
import { conversation, startedHarnesses } from '../../support/worker-harness';

const started = startedHarnesses();

const invoice: UploadedAttachment = { id: 41, name: 'invoice <1>.pdf', size: 2048, type: 'application/pdf', url: '/api/attachments/41' };
const photo: UploadedAttachment = { id: 42, name: 'photo.png', size: 512, type: 'image/png', url: '/api/attachments/42' };

describe('reply attachments', () => {
  it('an email reply carries its uploaded files: listed on the optimistic message, their ids in the request', async () => {
    const h = await started();
    await h.db.conversations.put(conversation({ id: 5 }));
    await h.engine.mutate({ kind: 'reply', conversation_id: 5, message: 'Here you go.', attachments: [invoice, photo] });

    const [optimistic] = await h.db.messages.where('conversation_id').equals(5).toArray();
    expect(optimistic).toMatchObject({ status: 'PENDING', message: 'Here you go.' });
    expect(optimistic?.attachments).toEqual([
      { name: 'invoice <1>.pdf', size: 2048, type: 'application/pdf', url: '/api/attachments/41' },
      { name: 'photo.png', size: 512, type: 'image/png', url: '/api/attachments/42' },
    ]);

    const [call] = await h.waitForCalls(1);
    expect(call?.url).toBe('http://inbox.test/api/conversations/5/reply');
    expect(call?.body).toMatchObject({ message: 'Here you go.', attachments: [41, 42] });
  });

  it('a reply without files sends no attachments field', async () => {
    const h = await started();
    await h.db.conversations.put(conversation({ id: 6 }));
    await h.engine.mutate({ kind: 'reply', conversation_id: 6, message: 'Plain.' });
    const [call] = await h.waitForCalls(1);
    expect(call?.body).not.toHaveProperty('attachments');
    expect((await h.db.messages.where('conversation_id').equals(6).first())?.attachments).toEqual([]);
  });
});
