import { PENDING_MESSAGE_DELAY_S } from '../../protocol/constants';
import { RULE_SOURCE, type Rule } from '../../protocol/documents';
import type { RuleAction } from '../../protocol/rules/rule-model';
import { renderTemplate, templateValues } from '../../protocol/snippets/snippet-template';
import { suggestSlug } from '../../protocol/slug';
import type { AgentRow } from '../agents/agent-tables';
import { findConversationRow } from '../conversations/conversation-queries';
import { updateConversation } from '../conversations/conversation-changes';
import { conversationTags } from '../conversations/conversation-model';
import type { ConversationRow } from '../conversations/conversation-tables';
import { markSpam } from '../conversations/mark-spam';
import { saveReply } from '../messages/save-reply';
import { insertMessage } from '../messages/message-writes';
import { recordNotifications } from '../notifications/record-notifications';
import type { Write } from '../realtime/write-transaction';
import { ensureTag } from '../tags/tag-queries';
import type { RuleScene } from './rule-context';

/** What one action did, as the history says it; null when there was nothing to do. */
type Effect = string | null;

async function activeAgent(write: Write, id: number | null | undefined): Promise<AgentRow | undefined> {
  if (id === null || id === undefined) return undefined;
  return write.trx.selectFrom('agents').selectAll().where('org_id', '=', write.orgId).where('id', '=', id).where('is_removed', '=', 0).executeTakeFirst();
}

const nameOf = (agent: AgentRow) => agent.name || agent.email;

async function assign(write: Write, row: ConversationRow, agent: AgentRow | undefined): Promise<Effect> {
  if (!agent) return 'could not assign: the teammate is no longer on the team';
  if (row.agent_id === agent.id) return null;
  await updateConversation(write, row, { agent_id: agent.id });
  await recordNotifications(write, {
    event: 'assigned',
    conversation: row,
    key: `assigned:${row.id}:${write.now}:${agent.id}`,
    actorId: null,
    who: 'A rule',
    text: row.last_update,
    recipients: [agent.id],
  });
  return `assigned to ${nameOf(agent)}`;
}

/** The next of the rule's teammates after the one who had the last turn, skipping those who left. */
async function nextInTurn(write: Write, rule: Rule, agents: readonly number[]): Promise<AgentRow | undefined> {
  const stored = await write.trx.selectFrom('rules').select('last_turn').where('org_id', '=', write.orgId).where('id', '=', rule.id).executeTakeFirst();
  const last = agents.indexOf(stored?.last_turn ?? -1);
  for (let step = 1; step <= agents.length; step += 1) {
    const agent = await activeAgent(write, agents[(last + step) % agents.length]);
    if (agent) {
      await write.trx.updateTable('rules').set({ last_turn: agent.id }).where('org_id', '=', write.orgId).where('id', '=', rule.id).execute();
      return agent;
    }
  }
  return undefined;
}

async function replyWithSnippet(write: Write, rule: Rule, row: ConversationRow, scene: RuleScene, snippetId: string): Promise<Effect> {
  const snippet = await write.trx.selectFrom('snippets').selectAll().where('org_id', '=', write.orgId).where('id', '=', snippetId).executeTakeFirst();
  if (!snippet) return 'could not reply: the snippet was deleted';
  // A reply goes out in a teammate's name: the one who last saved the rule.
  const author = await activeAgent(write, rule.updated_by);
  if (!author) return 'could not reply: the teammate who saved the rule is no longer on the team';
  const organization = await write.trx.selectFrom('organizations').select('name').where('id', '=', write.orgId).executeTakeFirstOrThrow();
  const values = templateValues({ contact: scene.contact ?? null, agent: author, conversationId: row.id, organizationName: organization.name });
  const text = renderTemplate(snippet.body, values, { format: 'text' });
  await saveReply(write, row, author.id, { message: text }, { holdSeconds: PENDING_MESSAGE_DELAY_S, releaseGraceMs: 0 });
  return `replied with “${snippet.name}”`;
}

async function notify(write: Write, rule: Rule, row: ConversationRow, agent: AgentRow | undefined): Promise<Effect> {
  if (!agent) return 'could not notify: the teammate is no longer on the team';
  await recordNotifications(write, {
    event: 'mentioned',
    conversation: row,
    key: `rule:${rule.id}:${row.id}:${write.now}`,
    actorId: null,
    who: `Rule “${rule.name}”`,
    text: row.subject,
    recipients: [agent.id],
  });
  return `notified ${nameOf(agent)}`;
}

/** A note in the conversation's history, written by the rule (no agent): its own text, or what the rule did. */
export function insertRuleNote(write: Write, row: ConversationRow, text: string) {
  return insertMessage(write, {
    conversation_id: row.id,
    type: 'NOTE',
    message: text,
    timestamp_ts: write.now,
    attachments: '[]',
    status: 'SENT',
    source: RULE_SOURCE,
    delay: 0,
    deliver_at: null,
    agent_id: null,
    contact_id: null,
    target_id: null,
    is_removed: 0,
  });
}

/** Runs one action on the conversation as it is now. */
async function runAction(write: Write, rule: Rule, action: RuleAction, row: ConversationRow, scene: RuleScene): Promise<Effect> {
  switch (action.type) {
    case 'assign':
      return assign(write, row, await activeAgent(write, Number(action.value)));
    case 'round_robin':
      return assign(write, row, await nextInTurn(write, rule, action.agents ?? []));
    case 'add_tag': {
      const slug = suggestSlug(action.value);
      if (!slug) return null;
      const tag = await ensureTag(write, slug, action.value);
      const tags = conversationTags(row);
      if (tags.includes(tag.slug)) return null;
      await updateConversation(write, row, { tags: JSON.stringify([...tags, tag.slug]) });
      return `added tag ${tag.name}`;
    }
    case 'remove_tag': {
      const tags = conversationTags(row);
      const slug = suggestSlug(action.value) ?? action.value;
      if (!tags.includes(slug)) return null;
      await updateConversation(write, row, { tags: JSON.stringify(tags.filter((tag) => tag !== slug)) });
      return `removed tag ${action.value}`;
    }
    case 'set_status': {
      const status = action.value as ConversationRow['status'];
      if (row.status === status) return null;
      await updateConversation(write, row, { status });
      return `set status to ${status.toLowerCase()}`;
    }
    case 'reply_snippet':
      return replyWithSnippet(write, rule, row, scene, action.value);
    case 'add_note':
      await insertRuleNote(write, row, action.value);
      return 'added a note';
    case 'mark_spam':
      if (row.status === 'CLOSED' && conversationTags(row).includes('spam')) return null;
      await markSpam(write, row, false, rule.updated_by ?? 0);
      return 'marked as spam';
    case 'notify':
      return notify(write, rule, row, await activeAgent(write, Number(action.value)));
  }
}

/**
 * Runs a rule's actions in order, each on the conversation as the one before left it, and
 * records what they did in the conversation's history (one note naming the rule). Resolves to
 * the effects; none when the rule found nothing to change.
 */
export async function runRuleActions(write: Write, rule: Rule, conversationId: number, scene: RuleScene): Promise<string[]> {
  const effects: string[] = [];
  let row: ConversationRow | undefined;
  for (const action of rule.actions) {
    row = await findConversationRow(write.trx, write.orgId, conversationId);
    if (!row) break;
    const effect = await runAction(write, rule, action, row, scene);
    if (effect) effects.push(effect);
  }
  row = await findConversationRow(write.trx, write.orgId, conversationId);
  if (row && effects.length > 0) await insertRuleNote(write, row, `Rule “${rule.name}”: ${effects.join('; ')}.`);
  return effects;
}
