import { describe, expect, it } from 'vitest';
import { pickFairly } from '../../../../src/server/jobs/job-slots';

const due = (...pairs: [id: number, orgId: number][]) => pairs.map(([id, orgId]) => ({ id, orgId }));

describe('the job runner’s share of slots per organization', () => {
  it('takes every organization’s oldest job before any organization’s second', () => {
    // findDueJobs interleaves: first each organization's first, then each one's second.
    expect(pickFairly(due([1, 10], [7, 20], [9, 30], [2, 10], [8, 20]), new Map(), { slots: 4, perOrg: 2 }, 3)).toEqual([1, 7, 9]);
  });

  it('gives an organization whose jobs are still running no slot past its share, so another organization’s job runs', () => {
    const running = new Map([[10, 2]]);
    expect(pickFairly(due([3, 10], [4, 10], [5, 20]), running, { slots: 8, perOrg: 2 }, 6)).toEqual([5]);
  });

  it('fills the free slots only, and an organization up to its share', () => {
    const many = due([1, 10], [2, 10], [3, 10], [4, 10]);
    expect(pickFairly(many, new Map(), { slots: 8, perOrg: 3 }, 8)).toEqual([1, 2, 3]);
    expect(pickFairly(many, new Map([[10, 1]]), { slots: 8, perOrg: 3 }, 8)).toEqual([1, 2]);
    expect(pickFairly(many, new Map(), { slots: 8, perOrg: 3 }, 1)).toEqual([1]);
    expect(pickFairly(many, new Map(), { slots: 8, perOrg: 3 }, 0)).toEqual([]);
  });
});
