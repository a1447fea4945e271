import { addBusinessMillis, isOpenAt } from '../../protocol/hours/schedule';
import { readOrganizationHours } from '../organization/organization-model';

/**
 * The organization's business hours as rules read them (the one schedule function of issue 37,
 * src/protocol/hours/schedule.ts): whether it is open at a time, and when a wait counted in
 * business hours ends. No hours set is always open.
 */
export type RuleHours = {
  isOpen(at: number): boolean;
  /** The time `ms` of open hours after `from`; null when the schedule never opens again. */
  addOpen(from: number, ms: number): number | null;
};

export function ruleHours(hoursColumn: string | null): RuleHours {
  const hours = readOrganizationHours(hoursColumn);
  return {
    isOpen: (at) => isOpenAt(hours, new Date(at)),
    addOpen: (from, ms) => addBusinessMillis(hours, new Date(from), ms)?.getTime() ?? null,
  };
}
