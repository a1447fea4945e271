import type { z } from 'zod';
import { fieldErrors } from '../../protocol/api/requests';
import { HttpError } from './http-error';

/** Validates params, query or body with a protocol schema; bad input answers 400 `{errors}`. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new HttpError(400, { errors: fieldErrors(result.error) });
  return result.data;
}
