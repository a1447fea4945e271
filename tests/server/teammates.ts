import type { AgentInvite, Session } from '../../src/protocol/api/models';
import type { Permission } from '../../src/protocol/roles';
import type { ApiClient } from '../support/api-client';
import { uid, type ServerSuite, type SignedUp } from './server-suite';

const inviteToken = (text: string) => /\/invite\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

/** A teammate of `owner`'s organization with `roles`, invited and signed up as a person would: their client. */
export async function invitedTeammate(suite: ServerSuite, owner: SignedUp, roles: Permission[] = []): Promise<ApiClient> {
  const email = `mate-${uid()}@example.com`;
  const invited = await owner.api.post<AgentInvite>(`agents/invite/${encodeURIComponent(email)}`, { roles });
  if (invited.status !== 201) throw new Error(`Invite failed: ${invited.status} ${invited.text}`);
  const mail = await suite.mail.waitFor((m) => m.to.includes(email));
  const accepted = await suite.client().post<Session>(`invites/${inviteToken(mail.text)}/accept`, { name: 'Mate', password: 'teammate password' });
  if (accepted.status !== 201) throw new Error(`Accept failed: ${accepted.status} ${accepted.text}`);
  return suite.client(accepted.body.token);
}
