import { API_ERRORS } from '../../protocol/api/api-errors';
import { ERROR_TEXTS } from '../../protocol/error-texts';

export type ErrorBody = { error: string; [key: string]: unknown } | { errors: Record<string, string> };

/** An answer other than success, thrown from a handler and written by the error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
  ) {
    super('error' in body ? body.error : JSON.stringify(body.errors));
  }
}

export const badRequest = (error: string) => new HttpError(400, { error });
export const fieldError = (field: string, message: string) => new HttpError(400, { errors: { [field]: message } });
export const unauthorized = () => new HttpError(401, { error: API_ERRORS.notSignedIn });
export const forbidden = (error: string = API_ERRORS.forbidden) => new HttpError(403, { error });
export const notFound = (error: string = API_ERRORS.notFound) => new HttpError(404, { error });
export const rateLimited = () => new HttpError(429, { error: ERROR_TEXTS.rateLimited });
