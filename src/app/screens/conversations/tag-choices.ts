import { suggestSlug } from '../../../protocol/slug';
import { fuzzyScore } from '../../keyboard/fuzzy-score';

export type TagChoice = { slug: string; name: string };

/** What the tag field offers for what is typed: the matching tags best first, and whether "Create '…'" applies. */
export type TagChoices = { matches: TagChoice[]; create: string | null };

const MAX_MATCHES = 8;

/**
 * The tag field's options. Tags already on the conversation are not offered. A new tag is only
 * ever an explicit choice, offered when no tag has the typed name (case-insensitively; the
 * server's slug is what makes names unique, so "Billing!" is the tag "Billing" too).
 */
export function tagChoices(query: string, tags: ReadonlyMap<string, string>, present: ReadonlySet<string>): TagChoices {
  const typed = query.trim();
  const offered = [...tags].filter(([slug]) => !present.has(slug));
  const scored = offered.flatMap(([slug, name]) => {
    const match = fuzzyScore(typed, name);
    return match ? [{ slug, name, score: match.score }] : [];
  });
  if (typed) scored.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
  else scored.sort((a, b) => a.name.localeCompare(b.name));
  const matches = scored.slice(0, MAX_MATCHES).map(({ slug, name }) => ({ slug, name }));
  const slug = suggestSlug(typed);
  const taken = slug !== '' && tags.has(slug);
  return { matches, create: typed && slug !== '' && !taken ? typed : null };
}
