/**
 * §5: the first field named by the errors receives focus, and the view scrolls to the first
 * error element (an invalid field or the form's alert, whichever comes first on the page).
 */
export function focusFirstError(form: HTMLFormElement, field: string | null): void {
  const target = field ? form.elements.namedItem(field) : null;
  const firstError = form.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
  if (target instanceof HTMLElement) target.focus({ preventScroll: true });
  else firstError?.focus({ preventScroll: true });
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  firstError?.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
}
