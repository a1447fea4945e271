import { expect, it } from 'vitest';
import type { Message } from '../../src/protocol/documents';
import type { ApiResponse } from '../support/api-client';
import { describeEachDatabase, useServerSuite } from './server-suite';
import { firstConversation, signUpWithInbox } from './sync-fixtures';

/** Forms that `Number()` or a lenient parser reads as the id `n`, none of them its canonical form. */
const looseForms = (n: number) => [`0x${n.toString(16)}`, `${n}.0`, `${n}e0`, `%20${n}`, `${n}%20`, `0${n}`, `%2B${n}`, `${n}.`, `0b${n.toString(2)}`];

const INVALID_ID = 'is not a valid id';

function expectInvalid(response: ApiResponse<unknown>, field: string, message = INVALID_ID): void {
  expect(response.status, response.text).toBe(400);
  expect(response.body).toEqual({ errors: { [field]: message } });
}

/** Ids are accepted only as canonical decimals (`^[1-9][0-9]*$`, at most 2147483647); any other form is a 400. */
describeEachDatabase('canonical ids', (database) => {
  const suite = useServerSuite(database);

  it('path ids in a loose form answer 400, never the row they would parse to', async () => {
    const inbox = await signUpWithInbox(suite, 1, 1);
    const conversation = firstConversation(inbox);
    expect((await inbox.api.get(`conversations/${conversation.id}`)).status).toBe(200);
    for (const loose of [...looseForms(conversation.id), '0', '-1', '9007199254740992']) {
      expectInvalid(await inbox.api.get(`conversations/${loose}`), 'id');
      expectInvalid(await inbox.api.post(`conversations/${loose}/status`, { status: 'CLOSED' }), 'id');
    }
    for (const loose of looseForms(conversation.contact_id)) {
      expectInvalid(await inbox.api.get(`contacts/${loose}`), 'id');
      expectInvalid(await inbox.api.delete(`blocked/${loose}`), 'contact_id');
    }
    expectInvalid(await inbox.api.get('attachments/0x1'), 'id');
    expectInvalid(await inbox.api.delete('agents/pending/1.0'), 'id');
    expect((await inbox.api.get(`conversations/${conversation.id}`)).body).toMatchObject({ status: conversation.status });
  });

  it('an id beyond the largest row id answers 400 in the API and 404 on the help center, never 500', async () => {
    const inbox = await signUpWithInbox(suite, 1, 1);
    const conversation = firstConversation(inbox);
    for (const big of ['2147483648', '99999999999999']) {
      expectInvalid(await inbox.api.get(`conversations/${big}`), 'id');
      expectInvalid(await inbox.api.get(`contacts/${big}`), 'id');
      expectInvalid(await inbox.api.get(`attachments/${big}`), 'id');
      expectInvalid(await inbox.api.get(`conversations/${conversation.id}/messages/?before=m-${big}`), 'before', 'is not a message id');
      expectInvalid(await inbox.api.delete(`agents/pending/${big}`), 'id');
      expectInvalid(await inbox.api.delete(`blocked/${big}`), 'contact_id');
      expectInvalid(await inbox.api.post('account/notifications/unregister', { device_id: Number(big) }), 'device_id');
      const image = await fetch(`${suite.server.url}/help/${inbox.domain}/images/${big}`);
      expect(image.status).toBe(404);
      expect(await image.text()).toBe('Not found');
    }
    expect((await fetch(`${suite.server.url}/help/${inbox.domain}/images/2147483647`)).status).toBe(404);
  });

  it('message and note ids must be canonical too', async () => {
    const inbox = await signUpWithInbox(suite, 1, 1);
    const { id } = firstConversation(inbox);
    const note = await inbox.api.post<Message>(`conversations/${id}/notes`, { message: 'a note' });
    const row = note.body.id.slice(2);
    for (const loose of [`n-0${row}`, `n-${row}.0`, `n-0x${Number(row).toString(16)}`, `n-%20${row}`]) {
      expectInvalid(await inbox.api.patch(`conversations/${id}/notes/${loose}`, { message: 'edited' }), 'noteId', 'is not a note id');
      expectInvalid(await inbox.api.get(`conversations/${id}/messages/?before=${loose.replace('n-', 'm-')}`), 'before', 'is not a message id');
      expectInvalid(await inbox.api.post(`conversations/${id}/split`, { message_id: loose.replace('n-', 'm-') }), 'message_id', 'is not a message id');
    }
    expect((await inbox.api.patch<Message>(`conversations/${id}/notes/${note.body.id}`, { message: 'edited' })).body.message).toBe('edited');
  });

  it('ids in the query must be canonical', async () => {
    const inbox = await signUpWithInbox(suite, 1, 1);
    const { id } = firstConversation(inbox);
    expect((await inbox.api.get(`conversations/matches?ids=${id}&search=a`)).status).toBe(200);
    for (const loose of [`0${id}`, `${id}.0`, `0x${id.toString(16)}`, `${id},0${id}`, `${id},,${id}`]) {
      expectInvalid(await inbox.api.get(`conversations/matches?ids=${loose}&search=a`), 'ids', 'must be conversation ids separated by commas');
    }
    expectInvalid(await inbox.api.get(`conversations/?assignee=0${inbox.session.agent.id}`), 'assignee', 'must be me, none or an agent id');
  });

  it('ids in a JSON body must be integers in range, never strings or fractions', async () => {
    const inbox = await signUpWithInbox(suite, 1, 1);
    const { id } = firstConversation(inbox);
    const agentId = inbox.session.agent.id;
    for (const loose of [String(agentId), `0x${agentId.toString(16)}`, agentId + 0.5, 0, -agentId, 2 ** 53]) {
      expect((await inbox.api.post(`conversations/${id}/assign`, { agent_id: loose })).status, String(loose)).toBe(400);
      expect((await inbox.api.post('conversations/bulk', { ids: [loose], action: { status: 'CLOSED' } })).status, String(loose)).toBe(400);
    }
    expect((await inbox.api.post(`conversations/${id}/drafts/share`, { draft_id: `d-${agentId}-${id}-reply`, target_id: 2 ** 53 })).status).toBe(400);
    expect((await inbox.api.post(`conversations/${id}/assign`, { agent_id: agentId })).status).toBe(200);
  });
});
