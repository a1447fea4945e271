import type { AutoKind } from '../../../protocol/documents';

/** What tells mail written by a machine from mail written by a person. */
export type AutomaticSignals = {
  /** The SMTP envelope sender: '' for the null return path `<>`, null when unknown (webhook). */
  envelopeFrom: string | null;
  /** The raw Return-Path header, if any (`<>` for a null return path). */
  returnPath: string | null;
  autoSubmitted: string | null;
  precedence: string | null;
  /** Content-Type of the whole message, lowercase, and its report-type parameter. */
  contentType: string;
  reportType: string | null;
  hasListId: boolean;
  /** X-Autoreply or X-Autorespond is present (older auto-responders). */
  hasAutoreplyHeader: boolean;
  /** The From address (lowercase), for the old bounces from MAILER-DAEMON. */
  from: string | null;
};

const BULK_PRECEDENCE = new Set(['bulk', 'junk', 'list']);

/**
 * The kind of machine-written mail, or null for a person's (RFC 3834 Auto-Submitted, RFC 3464
 * delivery reports, Precedence, list headers, the null return path). Such mail is stored and
 * shown, but nothing ever answers it automatically, so two installations cannot loop.
 */
export function classifyAutomatic(signals: AutomaticSignals): AutoKind | null {
  const nullReturnPath = signals.envelopeFrom === '' || (signals.returnPath !== null && /^\s*<\s*>\s*$/.test(signals.returnPath));
  if (signals.contentType === 'multipart/report' && signals.reportType?.toLowerCase() === 'delivery-status') return 'BOUNCE';
  if (nullReturnPath && signals.from !== null && /^(mailer-daemon|postmaster)@/.test(signals.from)) return 'BOUNCE';
  const autoSubmitted = signals.autoSubmitted?.split(';')[0]?.trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== 'no') return 'AUTO_REPLY';
  const precedence = signals.precedence?.trim().toLowerCase();
  if (precedence === 'auto_reply') return 'AUTO_REPLY';
  if (precedence && BULK_PRECEDENCE.has(precedence)) return 'BULK';
  if (signals.hasListId) return 'BULK';
  if (signals.hasAutoreplyHeader || nullReturnPath) return 'AUTO_REPLY';
  return null;
}
