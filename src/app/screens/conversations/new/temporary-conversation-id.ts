/**
 * The id a conversation the agent starts shows under until the server names it: negative (no
 * saved conversation has one), from the clock and a random part so two tabs never pick the same.
 */
export function newTemporaryConversationId(now = Date.now(), random = Math.random()): number {
  return -(now * 1000 + Math.floor(random * 1000));
}

export function isTemporaryConversationId(id: number): boolean {
  return Number.isSafeInteger(id) && id < 0;
}
