import { useCallback, useEffect, useMemo, useState } from 'react';
import type { RefObject } from 'react';
import type { ZodType } from 'zod';
import { fieldErrors } from '../../protocol/api/requests';
import { failureText } from '../api/failure-text';
import { toFailure } from '../api/request-failure';
import { focusFirstError } from './focus-first-error';

export type FormErrors = { message: string | null; fields: Readonly<Record<string, string>> };

const NONE: FormErrors = { message: null, fields: {} };

export type SubmitOptions = {
  /**
   * The request leaves the screen when it succeeds (a sign-in navigates on): the form stays busy
   * until it is gone rather than offering its button again for a moment.
   */
  leaves?: boolean;
  /** Answers a failure the screen shows its own way (a 409's choice or count); true when it did. */
  handle?: (error: unknown) => boolean;
};

/**
 * Error state of one form: the §8 message for the form's alert, a message per field (for
 * aria-invalid and the line under the field) and the focus/scroll of §5 after each failure.
 * Without a form (a confirmation dialog's button, a one-button panel) only the message is used.
 */
export function useFormErrors(formRef: RefObject<HTMLFormElement | null> | null = null) {
  const [errors, setErrors] = useState<FormErrors>(NONE);
  const [focus, setFocus] = useState<{ field: string | null } | null>(null);

  useEffect(() => {
    if (focus && formRef?.current) focusFirstError(formRef.current, focus.field);
  }, [focus, formRef]);

  const show = useCallback((next: FormErrors, field: string | null) => {
    setErrors(next);
    setFocus({ field });
  }, []);

  /** Checks values with a request schema; shows the problems and answers null when invalid. */
  const validate = useCallback(
    <T>(schema: ZodType<T>, values: unknown): T | null => {
      const result = schema.safeParse(values);
      if (result.success) return result.data;
      const fields = fieldErrors(result.error);
      show({ message: null, fields }, Object.keys(fields)[0] ?? null);
      return null;
    },
    [show],
  );

  /** Shows a failed request's §8 text; a 401 shows nothing (the session has ended). */
  const showFailure = useCallback(
    (error: unknown) => {
      const text = failureText(toFailure(error));
      if (text) show({ message: text.message, fields: text.fields }, text.firstField);
    },
    [show],
  );

  const clear = useCallback(() => setErrors(NONE), []);

  const [busy, setBusy] = useState(false);
  /** Sends a form's request: clears the errors, marks the form busy, shows a failure's §8 text. */
  const submit = useCallback(
    async (request: () => Promise<void>, { leaves = false, handle }: SubmitOptions = {}) => {
      setErrors(NONE);
      setBusy(true);
      try {
        await request();
        if (leaves) return;
      } catch (error) {
        if (!handle?.(error)) showFailure(error);
      }
      setBusy(false);
    },
    [showFailure],
  );

  const clearField = useCallback((name: string) => {
    setErrors((current) => {
      if (!(name in current.fields)) return current;
      const fields = { ...current.fields };
      delete fields[name];
      return { message: current.message, fields };
    });
  }, []);

  return useMemo(
    () => ({ errors, field: (name: string) => errors.fields[name], validate, clear, clearField, busy, submit }),
    [errors, validate, clear, clearField, busy, submit],
  );
}
