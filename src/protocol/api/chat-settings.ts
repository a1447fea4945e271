import { z } from 'zod';
import { CLIENT_ID_PATTERN, VISITOR_TOKEN_PATTERN, WIDGET_ERRORS, WIDGET_LIMITS } from '../widget';
import { emailField } from './fields';
import { multiLineText } from './text-fields';

/**
 * The chat channel's settings (`chat` page, §6 `channel.*`): whether the website widget is on,
 * its colour and greeting. `GET organization/chat` answers ChatSettings to any agent; `PUT
 * organization/chat` (channel.*) replaces them. The widget reads the public part (WidgetConfig)
 * without a session.
 */
export type ChatSettings = {
  enabled: boolean;
  color: string;
  greeting: string;
  updated_at: number | null;
};

export const CHAT_DEFAULTS = {
  enabled: false,
  color: '#5b5bd6',
  greeting: 'Hi there! Ask us anything, we usually answer within a few minutes.',
} as const;

export const GREETING_MAX_CHARS = 300;

export const chatSettingsBody = z.object({
  enabled: z.boolean({ error: 'must be true or false' }),
  color: z
    .string({ error: 'is required' })
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, { error: 'must be a colour like #5b5bd6' }),
  greeting: multiLineText()
    .trim()
    .min(1, { error: 'is required' })
    .max(GREETING_MAX_CHARS, { error: `must be at most ${GREETING_MAX_CHARS} characters` }),
});
export type ChatSettingsBody = z.infer<typeof chatSettingsBody>;

const slug = z.string().max(40).regex(/^[a-z0-9-]+$/);

/** `GET /widget/config?org=`. */
export const widgetConfigQuery = z.object({ org: slug });

/** `GET /widget/stream?org=&visitor=`: a malformed visitor token counts as none (a new visitor). */
export const widgetStreamQuery = z.object({
  org: slug,
  visitor: z.string().regex(VISITOR_TOKEN_PATTERN).optional().catch(undefined),
});

/** A visitor's `send` frame. The text's length is checked apart, to answer `too_long`. */
export const visitorSendFrame = z.object({
  action: z.literal('send'),
  client_id: z.string().regex(CLIENT_ID_PATTERN),
  text: z.string(),
});

export const visitorMessageText = multiLineText()
  .trim()
  .min(1, { error: WIDGET_ERRORS.invalid })
  .max(WIDGET_LIMITS.messageChars, { error: WIDGET_ERRORS.too_long });

/** A visitor's `identify` frame: an empty field clears it. Names lose control characters. */
export const visitorIdentifyFrame = z.object({
  action: z.literal('identify'),
  name: z
    .string()
    .max(200)
    .transform((value) => value.replace(/[\p{Cc}\p{Cf}]/gu, ' ').replace(/\s+/g, ' ').trim())
    .pipe(z.string().max(100, { error: 'must be at most 100 characters' }))
    .optional(),
  email: z.union([z.literal(''), emailField]).optional(),
});
export type VisitorIdentify = z.infer<typeof visitorIdentifyFrame>;
