import type { ConversationPage } from '../../src/protocol/api/conversation-requests';
import type { Session } from '../../src/protocol/api/models';
import type { Conversation } from '../../src/protocol/documents';
import { DEMO_PASSWORD, seedOrganization } from '../../src/server/seed/seed-organization';
import { openServerDatabaseHandle } from '../support/server-database';
import type { RunningServer } from '../support/server-process';
import type { ServerSuite, SignedUp } from './server-suite';

export type Inbox = SignedUp & { conversations: Conversation[] };

/** Seeds conversations into an organization of a running server, from the test process. */
export async function seedInto(server: RunningServer, domain: string, conversations: number, messagesPerConversation = 4): Promise<void> {
  const handle = openServerDatabaseHandle(server);
  try {
    await seedOrganization(handle, { org: domain, conversations, messagesPerConversation, seed: Math.floor(Math.random() * 1e9), batchSize: 50 });
  } finally {
    await handle.db.destroy();
  }
}

/** A new organization with an owner and some seeded conversations (newest first). */
export async function signUpWithInbox(suite: ServerSuite, conversations = 3, messagesPerConversation = 4): Promise<Inbox> {
  const owner = await suite.signUp();
  await seedInto(suite.server, owner.domain, conversations, messagesPerConversation);
  const page = await owner.api.get<ConversationPage>(`conversations/?limit=${conversations}`);
  if (page.status !== 200) throw new Error(`Listing failed: ${page.status} ${page.text}`);
  return { ...owner, conversations: page.body.conversations };
}

export function firstConversation(inbox: Inbox): Conversation {
  const conversation = inbox.conversations[0];
  if (!conversation) throw new Error('No conversation seeded');
  return conversation;
}

/** A signed-in agent: its session token and agent id. */
export type Member = { token: string; id: number };
export type Team = { owner: Member; alex: Member; sam: Member; conversations: number[]; signedUp: SignedUp };

/** An organization with its owner and the seed's two teammates (Alex and Sam), all signed in, and two conversations. */
export async function signUpTeam(suite: ServerSuite): Promise<Team> {
  const owner = await suite.signUp();
  await seedInto(suite.server, owner.domain, 2, 1);
  const signIn = async (local: string): Promise<Member> => {
    const login = await suite.client().post<Session>('auth/login', { email: `${local}@${owner.domain}.example`, password: DEMO_PASSWORD, domain: owner.domain });
    if (login.status !== 200) throw new Error(`Login failed: ${login.status} ${login.text}`);
    return { token: login.body.token, id: login.body.agent.id };
  };
  const page = await owner.api.get<ConversationPage>('conversations/?limit=2');
  return {
    owner: { token: owner.session.token, id: owner.session.agent.id },
    alex: await signIn('alex'),
    sam: await signIn('sam'),
    conversations: page.body.conversations.map((c) => c.id),
    signedUp: owner,
  };
}
