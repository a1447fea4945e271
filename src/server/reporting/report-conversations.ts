import { sql, type Expression, type SqlBool } from 'kysely';
import type { ConversationStatus } from '../../protocol/documents';
import { conversationTags } from '../conversations/conversation-model';
import type { inboxQueryWhere } from '../conversations/inbox-query-sql';
import type { ReportScope } from './inbox-report';

/** A conversation as the report counts it. */
export type ReportConversation = {
  id: number;
  created_at: number;
  closed_at: number | null;
  reopen_count: number;
  status: ConversationStatus;
  channel: string;
  agent_id: number | null;
  tags: string[];
  contact_name: string;
  contact_email: string | null;
  /**
   * The first reply an agent sent (a message, not a note; delivered or failing, not held or
   * undone), for a conversation a customer started; null when it has none or an agent started it.
   */
  first_response_at: number | null;
  first_responder: number | null;
};

type Where = (eb: Parameters<typeof inboxQueryWhere>[0]) => Expression<SqlBool>;

const AGENT_MESSAGE = sql`m.type = 'MESSAGE' and m.agent_id is not null and m.status not in ('CANCELLED', 'PENDING') and m.is_removed = 0`;
const CUSTOMER_MESSAGE = sql`m.type = 'MESSAGE' and m.agent_id is null and m.is_removed = 0`;

/**
 * The filtered conversations created, or last closed, in [since, until): one indexed range read
 * per column (conversations by organization and creation or close), each with its first
 * customer message and first agent reply read from the thread's index.
 */
export async function reportConversations(scope: ReportScope, where: Where, since: number, until: number): Promise<ReportConversation[]> {
  const firstCustomer = sql<number | string | null>`(select min(m.timestamp_ts) from messages m where m.conversation_id = ${sql.ref('conversations.id')} and ${CUSTOMER_MESSAGE})`;
  const firstAgent = sql<number | string | null>`(select min(m.timestamp_ts) from messages m where m.conversation_id = ${sql.ref('conversations.id')} and ${AGENT_MESSAGE})`;
  const firstResponder = sql<number | null>`(select m.agent_id from messages m where m.conversation_id = ${sql.ref('conversations.id')} and ${AGENT_MESSAGE} order by m.timestamp_ts, m.id limit 1)`;
  const rows = await scope.db
    .selectFrom('conversations')
    .innerJoin('contacts', 'contacts.id', 'conversations.contact_id')
    .select([
      'conversations.id',
      'conversations.created_at',
      'conversations.closed_at',
      'conversations.reopen_count',
      'conversations.status',
      'conversations.channel',
      'conversations.agent_id',
      'conversations.tags',
      'contacts.name as contact_name',
      'contacts.email as contact_email',
      firstCustomer.as('first_customer'),
      firstAgent.as('first_agent'),
      firstResponder.as('first_responder'),
    ])
    .where('conversations.org_id', '=', scope.orgId)
    .where('conversations.merged_into', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('conversations.created_at', '>=', since), eb('conversations.created_at', '<', until)]),
        eb.and([eb('conversations.closed_at', '>=', since), eb('conversations.closed_at', '<', until)]),
      ]),
    )
    .where((eb) => where(eb))
    .execute();
  return rows.map((row) => {
    const customer = row.first_customer === null ? null : Number(row.first_customer);
    const agent = row.first_agent === null ? null : Number(row.first_agent);
    const answered = customer !== null && agent !== null && customer <= agent;
    return {
      id: row.id,
      created_at: Number(row.created_at),
      closed_at: row.closed_at === null ? null : Number(row.closed_at),
      reopen_count: Number(row.reopen_count),
      status: row.status,
      channel: row.channel,
      agent_id: row.agent_id,
      tags: conversationTags({ tags: row.tags }),
      contact_name: row.contact_name,
      contact_email: row.contact_email,
      first_response_at: answered ? agent : null,
      first_responder: answered ? row.first_responder : null,
    };
  });
}
