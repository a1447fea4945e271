import { z } from 'zod';
import { parseInboxQuery } from '../inbox-query/parse-inbox-query';
import type { CustomInbox } from './models';
import { singleLineText } from './text-fields';

/** §3 `custom_inboxes`: an agent's own saved inbox queries, in sidebar order. */
export const MAX_CUSTOM_INBOXES = 50;
export const CUSTOM_INBOX_KEY_PATTERN = /^[a-z0-9-]{1,40}$/;

export const customInboxInput = z
  .object({
    key: z
      .string()
      .regex(CUSTOM_INBOX_KEY_PATTERN, { error: 'must be 1 to 40 characters of a-z, 0-9 and -' })
      .optional(),
    name: singleLineText()
      .trim()
      .min(1, { error: 'is required' })
      .max(60, { error: 'must be at most 60 characters' }),
    query: singleLineText()
      .trim()
      .max(500, { error: 'must be at most 500 characters' })
      .superRefine((query, ctx) => {
        const parsed = parseInboxQuery(query);
        if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error.message });
      }),
    /** "Use as my default": what the app opens on and counts as the default inbox (§2, §9). */
    is_default: z.boolean().optional(),
  })
  .strict();
export type CustomInboxInput = z.input<typeof customInboxInput>;

export const customInboxesField = z
  .array(customInboxInput)
  .max(MAX_CUSTOM_INBOXES, { error: `must have at most ${MAX_CUSTOM_INBOXES} inboxes` })
  .superRefine((inboxes, ctx) => {
    const seen = new Set<string>();
    inboxes.forEach((inbox, index) => {
      if (inbox.key === undefined) return;
      if (seen.has(inbox.key)) ctx.addIssue({ code: 'custom', path: [index, 'key'], message: 'is already used by another inbox' });
      seen.add(inbox.key);
    });
    const defaults = inboxes.flatMap((inbox, index) => (inbox.is_default ? [index] : []));
    for (const index of defaults.slice(1)) ctx.addIssue({ code: 'custom', path: [index, 'is_default'], message: 'only one inbox can be the default' });
  })
  .transform((inboxes) => assignCustomInboxKeys(inboxes));

/** The key a name suggests: lowercase a-z0-9 words joined by `-`. */
export function slugifyInboxName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/, '');
  return slug || 'inbox';
}

/** §5: an inbox without a key gets one, unique within the list (the name's slug, then `-2`, `-3`…). */
export function assignCustomInboxKeys(
  inboxes: readonly { key?: string | undefined; name: string; query: string; is_default?: boolean | undefined }[],
): CustomInbox[] {
  const used = new Set(inboxes.flatMap((inbox) => (inbox.key === undefined ? [] : [inbox.key])));
  return inboxes.map((inbox) => {
    const flag = inbox.is_default ? { is_default: true as const } : {};
    if (inbox.key !== undefined) return { key: inbox.key, name: inbox.name, query: inbox.query, ...flag };
    const base = slugifyInboxName(inbox.name);
    let key = base;
    for (let n = 2; used.has(key); n++) key = `${base}-${n}`;
    used.add(key);
    return { key, name: inbox.name, query: inbox.query, ...flag };
  });
}

/**
 * The custom inbox the agent chose as their default ("Use as my default"), if any. Without one
 * the default inbox is §2's built-in one (assigned to me or nobody, open, newest activity first), which
 * stays reachable as "Inbox" either way: a new custom inbox never replaces it by itself.
 */
export function defaultCustomInbox(inboxes: readonly CustomInbox[]): CustomInbox | undefined {
  return inboxes.find((inbox) => inbox.is_default === true);
}
