import { BUSINESS_HOURS_ID } from '../../protocol/documents';
import { defaultHours } from '../../protocol/hours/hours-model';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import { documentIn, putting } from './answer-documents';
import type { MutationDefinitions } from './mutation-definition';
import { requestTo } from './route-request';

/**
 * Business hours (§2 `hours`): the organization's one document in its own lane. The hours show
 * at once (every tab's sidebar line reads them) and are replaced by the server's copy, or rolled
 * back with the server's field errors shown in place on the hours screen.
 */
const isHoursDoc = (value: Record<string, unknown>) => value['id'] === BUSINESS_HOURS_ID && typeof value['version'] === 'number' && 'hours' in value;

export const hoursMutations = {
  'save-business-hours': {
    lanes: () => ['business-hours'],
    targets: () => [{ col: 'business_hours', id: BUSINESS_HOURS_ID }],
    patch: {
      business_hours: (doc, { kind: _kind, ...hours }, context) => ({
        id: BUSINESS_HOURS_ID,
        hours,
        updated_by: doc?.updated_by ?? null,
        updated_at: context.createdAt,
        version: doc?.version ?? 0,
      }),
    },
    request: ({ kind: _kind, ...hours }) => requestTo(MUTATION_ROUTES['save-business-hours'], {}, hours),
    answer: (body) => {
      const doc = documentIn(body, isHoursDoc);
      return doc ? putting('business_hours', [doc]) : null;
    },
    sample: {
      seed: { business_hours: [{ id: BUSINESS_HOURS_ID, hours: null, updated_by: null, updated_at: null, version: 1 }] },
      input: { kind: 'save-business-hours', ...defaultHours('Europe/Berlin') },
    },
  },
} satisfies MutationDefinitions<'save-business-hours'>;
