import type { ChooseOrganization } from '../../../protocol/api/models';
import type { Failure } from '../../api/request-failure';

export type OrganizationChoice = ChooseOrganization['organizations'][number];

/** The organizations to choose from when a login answered 409 (same email and password in several). */
export function organizationChoices(failure: Failure): OrganizationChoice[] | null {
  if (failure.kind !== 'http' || failure.status !== 409) return null;
  const body = failure.body;
  if (typeof body !== 'object' || body === null || !('organizations' in body) || !Array.isArray(body.organizations)) {
    return null;
  }
  const choices = body.organizations.filter(
    (item: unknown): item is OrganizationChoice =>
      typeof item === 'object' &&
      item !== null &&
      'slug' in item &&
      'name' in item &&
      typeof item.slug === 'string' &&
      typeof item.name === 'string',
  );
  return choices.length > 0 ? choices : null;
}
