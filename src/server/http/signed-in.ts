import type { Selectable } from 'kysely';
import type { Database } from '../db/database';

/** The rows as the domains' tables declare them (into Database), read here without naming a domain. */
type AgentRow = Selectable<Database['agents']>;
type OrganizationRow = Omit<Selectable<Database['organizations']>, 'feed_seq'>;

/** A signed-in request: who, in which organization, with which session token. */
export type SignedIn = { agent: AgentRow; organization: OrganizationRow; sessionId: number };

/**
 * The live session behind a bearer token, or undefined for a missing, expired or revoked one.
 * The auth domain provides it (auth/session.ts findSession) through the app context, so the
 * session guard of http/ and the stream of realtime/ check tokens without naming a domain.
 */
export type FindSession = (token: string) => Promise<SignedIn | undefined>;
