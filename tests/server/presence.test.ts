import { expect, it } from 'vitest';
import { openStream, type StreamConnection, type StreamFrame } from '../support/stream-client';
import { describeEachDatabase, useServerSuite } from './server-suite';
import { signUpTeam, type Member } from './sync-fixtures';

const PRESENCE = new Set(['live', 'left', 'viewing']);
const isPresence = (frame: StreamFrame) => PRESENCE.has(frame.action ?? '');

const nextPresence = (socket: StreamConnection) => socket.next(isPresence);

/** Resolves once the server has answered a PING sent now: every frame it sent before is in. */
async function flush(socket: StreamConnection): Promise<void> {
  socket.send('PING');
  await socket.next((frame) => frame.text === 'PONG');
}

const viewing = (conversationId: number | null, typing = false) => JSON.stringify({ action: 'viewing', conversation_id: conversationId, typing });

describeEachDatabase('presence over the stream', (database) => {
  const suite = useServerSuite(database);
  /** Sockets of one test (the tests of a suite run concurrently): `join` brings one up to READY. */
  const openSockets = () => {
    const sockets: StreamConnection[] = [];
    return {
      join: async (member: Member, firstFrame?: string) => {
        const socket = openStream(suite.server.url, { token: member.token, init: true });
        sockets.push(socket);
        if (firstFrame) socket.send(firstFrame);
        await socket.untilReady();
        return socket;
      },
      closeAll: () => Promise.all(sockets.splice(0).map((socket) => socket.close())),
    };
  };

  it('a teammate is live while one of its sockets is open and left when the last one closes', async () => {
    const team = await signUpTeam(suite);
    const { join, closeAll } = openSockets();
    const owner = await join(team.owner);
    const alex = await join(team.alex);
    expect(await nextPresence(owner)).toEqual({ action: 'live', col: 'agents', document: { id: team.alex.id } });
    // Alex's socket heard of the owner in its snapshot, and never of itself.
    expect(await nextPresence(alex)).toEqual({ action: 'live', col: 'agents', document: { id: team.owner.id } });

    const alexPhone = await join(team.alex);
    await alex.close();
    // A second device adds no `live`, and closing one of two sockets is no `left`.
    alexPhone.send(viewing(team.conversations[0] ?? 0));
    expect(await nextPresence(owner)).toEqual({ action: 'viewing', col: 'agents', document: { id: team.alex.id, conversation_id: team.conversations[0], typing: false } });
    await alexPhone.close();
    expect(await nextPresence(owner)).toEqual({ action: 'left', col: 'agents', document: { id: team.alex.id } });
    await closeAll();
  });

  it('what a teammate views and whether it is writing reaches the others, not the teammate itself', async () => {
    const team = await signUpTeam(suite);
    const { join, closeAll } = openSockets();
    const [first = 0] = team.conversations;
    const owner = await join(team.owner);
    const sam = await join(team.sam);
    await nextPresence(owner);
    await nextPresence(sam);
    sam.send(viewing(first));
    expect((await nextPresence(owner)).document).toEqual({ id: team.sam.id, conversation_id: first, typing: false });
    sam.send(viewing(first, true));
    expect((await nextPresence(owner)).document).toEqual({ id: team.sam.id, conversation_id: first, typing: true });
    sam.send(viewing(null, true));
    expect((await nextPresence(owner)).document).toEqual({ id: team.sam.id, conversation_id: null, typing: false });
    await flush(sam);
    expect(sam.frames.filter(isPresence).map((frame) => frame.document?.['id'])).toEqual([team.owner.id]);
    await closeAll();
  });

  it('a socket that joins late gets the live teammates and what they view right after READY', async () => {
    const team = await signUpTeam(suite);
    const { join, closeAll } = openSockets();
    const [first = 0, second = 0] = team.conversations;
    // Reported before READY: the server keeps it until the socket joins.
    await join(team.alex, viewing(first, true));
    await join(team.sam, viewing(second));
    const owner = await join(team.owner);
    const live = await owner.next();
    expect(live.action).toBe('live');
    expect(live.documents?.map((d) => d['id']).sort()).toEqual([team.alex.id, team.sam.id].sort());
    const views = await owner.next();
    expect(views.action).toBe('viewing');
    expect(views.documents).toEqual(
      expect.arrayContaining([
        { id: team.alex.id, conversation_id: first, typing: true },
        { id: team.sam.id, conversation_id: second, typing: false },
      ]),
    );
    expect(views.documents).toHaveLength(2);
    await closeAll();
  });

  it('two devices of one agent: the latest conversation wins, and closing it falls back to the other', async () => {
    const team = await signUpTeam(suite);
    const { join, closeAll } = openSockets();
    const [first = 0, second = 0] = team.conversations;
    const owner = await join(team.owner);
    const desk = await join(team.alex, viewing(first));
    expect((await nextPresence(owner)).action).toBe('live');
    expect((await nextPresence(owner)).document).toMatchObject({ conversation_id: first });
    const phone = await join(team.alex);
    phone.send(viewing(second, true));
    expect((await nextPresence(owner)).document).toEqual({ id: team.alex.id, conversation_id: second, typing: true });
    // The phone leaves the conversation: the desk still has the first one open.
    phone.send(viewing(null));
    expect((await nextPresence(owner)).document).toEqual({ id: team.alex.id, conversation_id: first, typing: false });
    desk.send(viewing(second));
    expect((await nextPresence(owner)).document).toMatchObject({ conversation_id: second });
    await desk.close();
    expect((await nextPresence(owner)).document).toEqual({ id: team.alex.id, conversation_id: null, typing: false });
    await closeAll();
  });

  it('frames that are not a valid viewing report are ignored and the socket stays open', async () => {
    const team = await signUpTeam(suite);
    const { join, closeAll } = openSockets();
    const [first = 0] = team.conversations;
    const owner = await join(team.owner);
    const alex = await join(team.alex);
    await nextPresence(owner);
    for (const frame of [
      'not json',
      '{"action":',
      JSON.stringify({ action: 'viewing', conversation_id: String(first), typing: false }),
      JSON.stringify({ action: 'viewing', conversation_id: first }),
      JSON.stringify({ action: 'viewing', conversation_id: -3, typing: true }),
      JSON.stringify({ action: 'viewing', conversation_id: 1.5, typing: false }),
      JSON.stringify({ action: 'live' }),
      JSON.stringify([1, 2, 3]),
    ]) {
      alex.send(frame);
    }
    alex.send(viewing(first, true));
    expect(await nextPresence(owner)).toEqual({ action: 'viewing', col: 'agents', document: { id: team.alex.id, conversation_id: first, typing: true } });
    await flush(alex);
    await closeAll();
  });

  it('another organization never sees presence', async () => {
    const team = await signUpTeam(suite);
    const { join, closeAll } = openSockets();
    const other = await signUpTeam(suite);
    const stranger = await join(other.owner);
    const owner = await join(team.owner);
    const alex = await join(team.alex, viewing(team.conversations[0] ?? 0, true));
    expect((await nextPresence(owner)).action).toBe('live');
    expect((await nextPresence(owner)).action).toBe('viewing');
    await alex.close();
    expect((await nextPresence(owner)).action).toBe('left');
    // The stranger's own teammate shows up, the first organization's agents never do.
    const mate = await join(other.sam, viewing(other.conversations[0] ?? 0));
    expect(await nextPresence(stranger)).toEqual({ action: 'live', col: 'agents', document: { id: other.sam.id } });
    await flush(stranger);
    const ids = stranger.frames.filter(isPresence).flatMap((frame) => [frame.document, ...(frame.documents ?? [])]).map((d) => d?.['id']);
    expect(ids.filter((id) => id !== undefined).every((id) => id === other.sam.id)).toBe(true);
    await flush(owner);
    expect(owner.frames.filter(isPresence).some((frame) => frame.document?.['id'] === other.sam.id)).toBe(false);
    await mate.close();
    await closeAll();
  });
});
