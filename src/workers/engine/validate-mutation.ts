import type { MutationInput } from '../../client-db/outbox-row';
import { fieldErrors } from '../../protocol/api/requests';
import { MUTATION_ARGS } from '../../protocol/mutations/mutation-input';
import { failureText } from '../outbox/classify-failure';

/**
 * Checks a tab's action against its kind's protocol schema (built from the request body the
 * server validates) before anything is queued, online or offline: an action the server would
 * refuse with a 400 is refused at once, with the text the server's answer would show (§8
 * `field: message`), and never appears optimistically (a tag "!!!" as an empty chip).
 * Returns that text, or null when the action is valid.
 */
export function mutationRefusal(input: MutationInput): string | null {
  const schema = Object.hasOwn(MUTATION_ARGS, input.kind) ? MUTATION_ARGS[input.kind] : undefined;
  if (!schema) return failureText({ errors: { kind: 'is not a known action' } });
  const result = schema.safeParse(input);
  return result.success ? null : failureText({ errors: fieldErrors(result.error) });
}
