import type { DueJob } from './job-queries';

/** How many jobs of one lane run at once on an instance, and how many of them one organization may hold. */
export type LaneLimits = { slots: number; perOrg: number };

/**
 * Which of the due jobs (in the order findDueJobs gives: organizations interleaved) to claim
 * now: at most `free` of them, and no organization past `perOrg` counting the jobs it already
 * has running (`running`, by organization). An organization whose jobs hang can hold no more
 * than its share, so the others' jobs still run.
 */
export function pickFairly(due: readonly DueJob[], running: ReadonlyMap<number, number>, limits: LaneLimits, free: number): number[] {
  const held = new Map(running);
  const picked: number[] = [];
  for (const job of due) {
    if (picked.length >= free) break;
    const count = held.get(job.orgId) ?? 0;
    if (count >= limits.perOrg) continue;
    held.set(job.orgId, count + 1);
    picked.push(job.id);
  }
  return picked;
}
