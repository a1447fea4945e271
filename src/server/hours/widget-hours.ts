import type { BusinessHours } from '../../protocol/hours/hours-model';
import { isOpenAt, nextClosing, nextOpening } from '../../protocol/hours/schedule';
import type { WidgetHours } from '../../protocol/widget';

/**
 * What the chat widget says about business hours ("We're away — we usually reply from Monday
 * 09:00"): computed here, so the widget carries no schedule arithmetic or holiday data.
 */
export function widgetHours(hours: BusinessHours | null, at: Date): WidgetHours | null {
  if (!hours) return null;
  const open = isOpenAt(hours, at);
  const next = open ? nextClosing(hours, at) : nextOpening(hours, at);
  return { open, next_opening: open ? null : (next?.getTime() ?? null), changes_at: next?.getTime() ?? null };
}
