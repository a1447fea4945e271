import { expect, it } from 'vitest';
import { API_ERRORS } from '../../src/protocol/api/api-errors';
import type { Agent, AgentInvite, InvitePreview, Session } from '../../src/protocol/api/models';
import { PERMISSIONS, type Permission } from '../../src/protocol/roles';
import { describeEachDatabase, uid, useServerSuite, type ServerSuite, type SignedUp } from './server-suite';

const inviteToken = (text: string) => /\/invite\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

/** Invites an address, accepts the emailed invitation and returns the new teammate's session. */
async function addTeammate(suite: ServerSuite, owner: SignedUp, roles: Permission[] = []) {
  const email = `mate-${uid()}@example.com`;
  const invited = await owner.api.post<AgentInvite>(`agents/invite/${encodeURIComponent(email)}`, { roles });
  if (invited.status !== 201) throw new Error(`Invite failed: ${invited.status} ${invited.text}`);
  const mail = await suite.mail.waitFor((m) => m.to.includes(email));
  const password = 'teammate password';
  const accepted = await suite.client().post<Session>(`invites/${inviteToken(mail.text)}/accept`, { name: 'Mate', password });
  if (accepted.status !== 201) throw new Error(`Accept failed: ${accepted.status} ${accepted.text}`);
  return { email, password, session: accepted.body, api: suite.client(accepted.body.token) };
}

describeEachDatabase('team', (database) => {
  const suite = useServerSuite(database);

  it('an invitation is emailed, previewed, accepted, and the teammate can sign in', async () => {
    const owner = await suite.signUp();
    const email = `grace-${uid()}@example.com`;
    const invited = await owner.api.post<AgentInvite>(`agents/invite/${encodeURIComponent(email)}`, { roles: ['snippet.update'] });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email, roles: ['snippet.update'], invited_by: owner.name });

    const pending = await owner.api.get<AgentInvite[]>('agents/pending');
    expect(pending.body.map((i) => i.email)).toEqual([email]);

    const mail = await suite.mail.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe(`You're invited to join ${owner.session.organization.name} on Support Inbox`);
    const token = inviteToken(mail.text);
    expect(mail.links).toContain(`${suite.server.url}/invite/${token}`);

    const preview = await suite.client().get<InvitePreview>(`invites/${token}`);
    expect(preview.body).toEqual({
      email,
      organization: { name: owner.session.organization.name, slug: owner.domain },
      invited_by: owner.name,
    });

    const accepted = await suite.client().post<Session>(`invites/${token}/accept`, { name: 'Grace', password: 'grace password' });
    expect(accepted.status).toBe(201);
    expect(accepted.body.agent).toMatchObject({ email, name: 'Grace', roles: ['snippet.update'], is_owner: false, is_validated: true });
    expect(accepted.body.organization.slug).toBe(owner.domain);

    expect((await suite.client().post(`invites/${token}/accept`, { name: 'Again', password: 'grace password' })).status).toBe(404);
    expect((await suite.client().get(`invites/${token}`)).status).toBe(404);
    expect((await owner.api.get<AgentInvite[]>('agents/pending')).body).toEqual([]);

    const login = await suite.client().post<Session>('auth/login', { email, password: 'grace password' });
    expect(login.status).toBe(200);
    const team = await suite.client(login.body.token).get<Agent[]>('agents/');
    expect(team.body.map((a) => [a.email, a.is_current_user])).toEqual([
      [owner.email, false],
      [email, true],
    ]);
  });

  it('inviting again replaces the pending invitation; a withdrawn invitation is dead', async () => {
    const owner = await suite.signUp();
    const email = `again-${uid()}@example.com`;
    await owner.api.post(`agents/invite/${email}`);
    const firstToken = inviteToken((await suite.mail.waitFor((m) => m.to.includes(email))).text);
    const second = await owner.api.post<AgentInvite>(`agents/invite/${email}`, {});
    expect(second.status).toBe(201);
    const secondToken = inviteToken((await suite.mail.waitFor((m) => m.to.includes(email))).text);

    expect((await suite.client().get(`invites/${firstToken}`)).status).toBe(404);
    expect((await suite.client().get(`invites/${secondToken}`)).status).toBe(200);
    expect((await owner.api.get<AgentInvite[]>('agents/pending')).body.map((i) => i.id)).toEqual([second.body.id]);

    expect((await owner.api.delete(`agents/pending/${second.body.id}`)).status).toBe(204);
    expect((await suite.client().get(`invites/${secondToken}`)).status).toBe(404);
    expect((await owner.api.delete(`agents/pending/${second.body.id}`)).status).toBe(404);
  });

  it('an expired invitation cannot be accepted', async () => {
    const owner = await suite.signUp();
    const email = `late-${uid()}@example.com`;
    const invite = await owner.api.post<AgentInvite>(`agents/invite/${email}`);
    const token = inviteToken((await suite.mail.waitFor((m) => m.to.includes(email))).text);
    await suite.db().updateTable('agent_invites').set({ expires_at: Date.now() - 1 }).where('id', '=', invite.body.id).execute();
    const accept = await suite.client().post(`invites/${token}/accept`, { name: 'Late', password: 'late password' });
    expect(accept.status).toBe(404);
    expect(accept.body).toEqual({ error: API_ERRORS.invalidLink });
  });

  it('inviting an active member is refused; accepting while already a member is refused', async () => {
    const owner = await suite.signUp();
    const refused = await owner.api.post(`agents/invite/${owner.email}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ errors: { email: 'is already a member of this team' } });

    const mate = await addTeammate(suite, owner);
    const email = mate.email;
    // An invitation sent before the address joined by another invitation.
    await suite.db().updateTable('agents').set({ is_removed: 1 }).where('email', '=', email).execute();
    await owner.api.post(`agents/invite/${email}`);
    const token = inviteToken((await suite.mail.waitFor((m) => m.to.includes(email))).text);
    await suite.db().updateTable('agents').set({ is_removed: 0 }).where('email', '=', email).execute();
    const accept = await suite.client().post(`invites/${token}/accept`, { name: 'Twice', password: 'twice password' });
    expect(accept.status).toBe(400);
    expect(accept.body).toEqual({ error: API_ERRORS.alreadyMember });
  });

  it('changing roles needs teammate.update, and nobody but the owner grants a role they lack or changes one who holds more', async () => {
    const owner = await suite.signUp();
    const manager = await addTeammate(suite, owner, ['teammate.update', 'teammate.invite']);
    const agent = await addTeammate(suite, owner);

    const byOwner = await owner.api.patch<Agent>(`agents/${agent.email}`, { roles: ['tag.update'] });
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.roles).toEqual(['tag.update']);
    // The agent now holds a permission the manager lacks.
    expect((await manager.api.patch(`agents/${agent.email}`, { roles: ['teammate.invite'] })).body).toEqual({ error: API_ERRORS.teammateHoldsMore });
    await owner.api.patch<Agent>(`agents/${agent.email}`, { roles: [] });

    const grantHeld = await manager.api.patch<Agent>(`agents/${agent.email}`, { roles: ['teammate.invite'] });
    expect(grantHeld.status).toBe(200);
    const grantLacking = await manager.api.patch(`agents/${agent.email}`, { roles: ['organization.update'] });
    expect(grantLacking.status).toBe(403);
    expect(grantLacking.body).toEqual({ error: API_ERRORS.cannotGrantPermission });

    const byAgent = await agent.api.patch(`agents/${manager.email}`, { roles: [] });
    expect(byAgent.status).toBe(403);
    const ownerRoles = await manager.api.patch(`agents/${owner.email}`, { roles: [] });
    expect(ownerRoles.status).toBe(403);
    const unknownRole = await owner.api.patch(`agents/${agent.email}`, { roles: ['root'] });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body).toEqual({ errors: { 'roles.0': 'contains an unknown role' } });

    const invitesLacking = await manager.api.post(`agents/invite/new-${uid()}@example.com`, { roles: ['organization.update'] });
    expect(invitesLacking.status).toBe(403);
    expect(invitesLacking.body).toEqual({ error: API_ERRORS.cannotGrantPermission });
    // teammate.invite, granted above, is enough to see the pending invitations (teammate.*).
    expect((await agent.api.get('agents/pending')).status).toBe(200);
    const plain = await addTeammate(suite, owner);
    expect((await plain.api.get('agents/pending')).status).toBe(403);
    expect((await plain.api.post(`agents/invite/x-${uid()}@example.com`)).status).toBe(403);
  });

  it('an agent changes or removes only teammates whose permissions they all hold, and grants only their own', async () => {
    const owner = await suite.signUp();
    const manager = await addTeammate(suite, owner, ['teammate.update', 'teammate.remove', 'tag.update']);
    const admin = await addTeammate(suite, owner, [...PERMISSIONS]);
    const peer = await addTeammate(suite, owner, ['teammate.update', 'teammate.remove', 'tag.update']);
    const agent = await addTeammate(suite, owner, ['tag.update']);
    const rolesOf = async (email: string) => (await owner.api.get<Agent[]>('agents/')).body.find((a) => a.email === email)?.roles;

    // Stripping or removing a teammate who holds more than the caller: 403, nothing changes.
    for (const response of [await manager.api.patch(`agents/${admin.email}`, { roles: [] }), await manager.api.delete(`agents/${admin.email}`)]) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: API_ERRORS.teammateHoldsMore });
    }
    expect(await rolesOf(admin.email)).toEqual([...PERMISSIONS]);
    expect((await admin.api.get('account/')).status).toBe(200);
    // Granting a permission the caller lacks: 403, even to a teammate they may change.
    const grant = await manager.api.patch(`agents/${agent.email}`, { roles: ['tag.update', 'channel.update'] });
    expect(grant.status).toBe(403);
    expect(grant.body).toEqual({ error: API_ERRORS.cannotGrantPermission });
    expect(await rolesOf(agent.email)).toEqual(['tag.update']);

    // Within their own permissions, they change teammates at or below them, themselves included.
    expect((await manager.api.patch<Agent>(`agents/${agent.email}`, { roles: ['teammate.update'] })).body.roles).toEqual(['teammate.update']);
    expect((await manager.api.patch<Agent>(`agents/${peer.email}`, { roles: ['tag.update'] })).body.roles).toEqual(['tag.update']);
    expect((await manager.api.patch<Agent>(`agents/${manager.email}`, { roles: ['teammate.update', 'teammate.remove'] })).status).toBe(200);
    expect((await manager.api.delete(`agents/${agent.email}`)).status).toBe(204);
    // An admin holds everything, so it may change the manager; the owner is above everyone.
    expect((await admin.api.patch<Agent>(`agents/${manager.email}`, { roles: ['tag.update'] })).status).toBe(200);
    expect((await owner.api.patch<Agent>(`agents/${admin.email}`, { roles: ['tag.update'] })).status).toBe(200);
    expect((await owner.api.delete(`agents/${peer.email}`)).status).toBe(204);
  });

  it('removing a teammate revokes their sessions; a removed teammate can be invited back', async () => {
    const owner = await suite.signUp();
    const mate = await addTeammate(suite, owner, ['tag.update']);
    expect((await owner.api.delete(`agents/${owner.email}`)).body).toEqual({ error: API_ERRORS.ownerCannotBeRemoved });

    expect((await owner.api.delete(`agents/${mate.email}`)).status).toBe(204);
    expect((await mate.api.get('account/')).status).toBe(401);
    expect((await suite.client().post('auth/login', { email: mate.email, password: mate.password })).status).toBe(400);
    expect((await owner.api.get<Agent[]>('agents/')).body.map((a) => a.email)).toEqual([owner.email]);
    const complete = await owner.api.get<Agent[]>('agents/?complete=true');
    expect(complete.body.find((a) => a.email === mate.email)?.is_removed).toBe(true);
    expect((await owner.api.delete(`agents/${mate.email}`)).status).toBe(404);

    await owner.api.post(`agents/invite/${mate.email}`, { roles: ['snippet.update'] });
    const token = inviteToken((await suite.mail.waitFor((m) => m.to.includes(mate.email))).text);
    const back = await suite.client().post<Session>(`invites/${token}/accept`, { name: 'Back again', password: 'a new password' });
    expect(back.status).toBe(201);
    expect(back.body.agent).toMatchObject({ id: mate.session.agent.id, name: 'Back again', roles: ['snippet.update'], is_removed: false });
  });

  it('removal needs teammate.remove, and nobody removes themselves', async () => {
    const owner = await suite.signUp();
    const remover = await addTeammate(suite, owner, ['teammate.remove']);
    const other = await addTeammate(suite, owner);
    expect((await other.api.delete(`agents/${remover.email}`)).status).toBe(403);
    const self = await remover.api.delete(`agents/${remover.email}`);
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ error: API_ERRORS.cannotRemoveYourself });
    expect((await remover.api.delete(`agents/${other.email}`)).status).toBe(204);
  });

  it("another organization's agents, invitations and tokens answer 404 as if they did not exist", async () => {
    const a = await suite.signUp();
    const b = await suite.signUp();
    const mate = await addTeammate(suite, a);
    const invite = await a.api.post<AgentInvite>(`agents/invite/pending-${uid()}@example.com`);

    const listed = await b.api.get<Agent[]>('agents/?complete=true');
    expect(listed.body.map((agent) => agent.email)).toEqual([b.email]);
    expect((await b.api.get<AgentInvite[]>('agents/pending')).body).toEqual([]);

    for (const response of [
      await b.api.patch(`agents/${mate.email}`, { roles: [] }),
      await b.api.delete(`agents/${mate.email}`),
      await b.api.delete(`agents/pending/${invite.body.id}`),
      await b.api.patch(`agents/nobody-${uid()}@example.com`, { roles: [] }),
      await b.api.delete('agents/pending/999999'),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: API_ERRORS.notFound });
    }
    expect((await a.api.get<AgentInvite[]>('agents/pending')).body.map((i) => i.id)).toEqual([invite.body.id]);
    expect((await mate.api.get('account/')).status).toBe(200);

    const account = await suite.client(a.session.token).get<{ organization: { slug: string } }>('account/');
    expect(account.body.organization.slug).toBe(a.domain);
  });

  it('bad path parameters answer 400 with a field error', async () => {
    const owner = await suite.signUp();
    const badEmail = await owner.api.post('agents/invite/not-an-email');
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toEqual({ errors: { email: 'is not a valid email address' } });
    const badId = await owner.api.delete('agents/pending/abc');
    expect(badId.status).toBe(400);
    expect(badId.body).toEqual({ errors: { id: 'is not a valid id' } });
  });
});
