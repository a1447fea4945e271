/** A teammate as a mention names them. */
export type Mentionable = { id: number; name: string };

/** The `@word` being typed at the end of `textBefore` (after a space or at the start), or null. */
export function mentionTrigger(textBefore: string): { query: string; length: number } | null {
  const match = /(?:^|\s)@([\p{L}\p{N}._'-]*)$/u.exec(textBefore);
  if (!match) return null;
  const query = match[1] ?? '';
  return { query, length: query.length + 1 };
}

/** `@Name` as the picker writes it into a note. */
export function mentionText(teammate: Pick<Mentionable, 'name'>): string {
  return `@${teammate.name}`;
}

/**
 * The teammates a note's text mentions: each whose `@Name` it holds, followed by the end, a
 * space or punctuation (so `@Ana` does not match `@Anabel`), in order of first appearance.
 */
export function mentionsIn(text: string, teammates: readonly Mentionable[]): number[] {
  return mentionSpans(text, teammates)
    .map((span) => span.id)
    .filter((id, index, all) => all.indexOf(id) === index);
}

export type MentionSpan = { start: number; end: number; id: number };

/** Where each mention of these teammates sits in the text (longest name first where two overlap). */
export function mentionSpans(text: string, teammates: readonly Mentionable[]): MentionSpan[] {
  const byLength = [...teammates].filter((teammate) => teammate.name.trim() !== '').sort((a, b) => b.name.length - a.name.length);
  const spans: MentionSpan[] = [];
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    if (at > 0 && !/\s|[([{"'“]/.test(text[at - 1] ?? '')) continue;
    const lower = text.slice(at + 1).toLowerCase();
    const teammate = byLength.find((candidate) => lower.startsWith(candidate.name.toLowerCase()) && !/[\p{L}\p{N}]/u.test(lower[candidate.name.length] ?? ''));
    if (teammate) {
      spans.push({ start: at, end: at + 1 + teammate.name.length, id: teammate.id });
      at += teammate.name.length;
    }
  }
  return spans;
}
