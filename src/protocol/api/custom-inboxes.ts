import { z } from 'zod';
import { parseInboxQuery } from '../inbox-query/parse-inbox-query';
import type { CustomInbox } from './models';

/** §3 `custom_inboxes`: an agent's own saved inbox queries, in sidebar order. */
export const MAX_CUSTOM_INBOXES = 50;
export const CUSTOM_INBOX_KEY_PATTERN = /^[a-z0-9-]{1,40}$/;

export const customInboxInput = z
  .object({
    key: z
      .string()
      .regex(CUSTOM_INBOX_KEY_PATTERN, { error: 'must be 1 to 40 characters of a-z, 0-9 and -' })
      .optional(),
    name: z
      .string({ error: 'is required' })
      .trim()
      .min(1, { error: 'is required' })
      .max(60, { error: 'must be at most 60 characters' }),
    query: z
      .string({ error: 'is required' })
      .trim()
      .max(500, { error: 'must be at most 500 characters' })
      .superRefine((query, ctx) => {
        const parsed = parseInboxQuery(query);
        if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error.message });
      }),
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
export function assignCustomInboxKeys(inboxes: readonly { key?: string | undefined; name: string; query: string }[]): CustomInbox[] {
  const used = new Set(inboxes.flatMap((inbox) => (inbox.key === undefined ? [] : [inbox.key])));
  return inboxes.map((inbox) => {
    if (inbox.key !== undefined) return { key: inbox.key, name: inbox.name, query: inbox.query };
    const base = slugifyInboxName(inbox.name);
    let key = base;
    for (let n = 2; used.has(key); n++) key = `${base}-${n}`;
    used.add(key);
    return { key, name: inbox.name, query: inbox.query };
  });
}
