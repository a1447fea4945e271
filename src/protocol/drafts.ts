import type { Draft } from './documents';

/**
 * Drafts (§3, §7): one reply draft and one note draft per agent and conversation. Their ids are
 * chosen by the client and carry the writer's agent id, so every device of one agent names the
 * same draft the same way (the last save wins) and two agents' drafts never share an id.
 */
export const DRAFT_TYPES = ['REPLY', 'NOTE'] as const satisfies readonly Draft['type'][];
export type DraftType = Draft['type'];

/** Longest draft text, as long as the longest reply or note. */
export const DRAFT_MAX_LENGTH = 100_000;

/** The id every device of `agentId` gives its draft of this type in this conversation. */
export function draftIdFor(agentId: number, conversationId: number, type: DraftType): string {
  return `${draftIdPrefix(agentId)}${conversationId}-${type.toLowerCase()}`;
}

/** What every id of an agent's drafts starts with; the server refuses any other. */
export function draftIdPrefix(agentId: number): string {
  return `d-${agentId}-`;
}

/** A draft with nothing but white space is no draft: saving it deletes the draft. */
export function isBlankDraft(message: string): boolean {
  return message.trim() === '';
}
