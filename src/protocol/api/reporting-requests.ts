import { z } from 'zod';
import { CHANNELS } from '../documents';
import { singleLineText } from './text-fields';

/**
 * The inbox report's calls (§2 `reporting/inbox`, §6 `organization.reporting`): one range of
 * calendar days in the organization's time zone (its business hours' zone, UTC without one),
 * compared with the period of the same length just before it, narrowed by the same filters
 * everywhere. `GET reporting/inbox` answers the figures, `GET reporting/inbox/export` the CSV
 * (one row per conversation created in the range).
 */
export const REPORT_LIMITS = { days: 366, query: 500 } as const;

const dayField = z.string({ error: 'must be a date (YYYY-MM-DD)' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date (YYYY-MM-DD)' });

export const inboxReportQuery = z
  .object({
    /** First and last day, both included, in the organization's time zone. */
    from: dayField,
    to: dayField,
    channel: z.enum(CHANNELS).optional(),
    /** A tag slug. */
    tag: singleLineText().max(100).optional(),
    /** An agent id, or `none` for unassigned conversations. */
    assignee: z.union([z.literal('none'), z.string().regex(/^\d{1,12}$/, { error: 'must be an agent id or none' }).transform(Number)]).optional(),
    /** An inbox query (§ inbox query language); only the conversations it matches count. */
    q: singleLineText().max(REPORT_LIMITS.query).optional(),
    /** Times counted in business hours only (the organization's schedule), when it has one. */
    business_hours: z.enum(['0', '1']).default('0').transform((value) => value === '1'),
  })
  .strict();
export type InboxReportQuery = z.infer<typeof inboxReportQuery>;

/** A duration summary in milliseconds; null when no conversation in the range has one. */
export type DurationSummary = { median: number | null; p90: number | null; count: number };

/** One period's headline figures. */
export type InboxReportTotals = {
  created: number;
  closed: number;
  reopened: number;
  messages_received: number;
  messages_sent: number;
  first_response: DurationSummary;
  resolution: DurationSummary;
};

export type InboxReport = {
  from: string;
  to: string;
  /** The previous period of the same length (its first and last day). */
  previous_from: string;
  previous_to: string;
  time_zone: string;
  /** Whether times were counted in business hours (asked, and the organization has hours). */
  business_hours: boolean;
  has_business_hours: boolean;
  current: InboxReportTotals;
  previous: InboxReportTotals;
  /** Every day of the range, in order (no gaps): conversations created and closed that day. */
  by_day: { day: string; created: number; closed: number }[];
  by_channel: { channel: string; created: number }[];
  /** Conversations created in the range per tag they carry now, most first. */
  by_tag: { tag: string; name: string; created: number }[];
  /** Per assignee now (agent_id null: unassigned), most first. */
  by_assignee: { agent_id: number | null; name: string; created: number }[];
  /** Customer messages received, weekday 0 = Monday … 6 = Sunday, hour 0–23, local time. */
  heatmap: { weekday: number; hour: number; count: number }[];
  /** Per teammate over the range: conversations handled (replied to), replies sent, median first response; open now. */
  agents: { agent_id: number; name: string; handled: number; replies: number; first_response_median: number | null; open_now: number }[];
};
