/** How long a revealed entry keeps its outline. */
const REVEAL_FLASH_MS = 1_600;

/**
 * Scrolls the thread to one entry (MessageCard's `data-entry-id`) and outlines it for a moment,
 * so the agent sees what arrived while it was writing. The outline is a Web Animation: it never
 * fights React over the element's classes.
 */
export function revealEntry(entryId: string, root: ParentNode = document): void {
  const element = root.querySelector<HTMLElement>(`[data-entry-id="${CSS.escape(entryId)}"]`);
  if (!element) return;
  const reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
  element.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
  element.animate?.(
    [{ boxShadow: '0 0 0 3px var(--focus-ring-color)' }, { boxShadow: '0 0 0 3px var(--focus-ring-color)', offset: 0.7 }, { boxShadow: '0 0 0 0 transparent' }],
    { duration: REVEAL_FLASH_MS, easing: 'ease-out' },
  );
}
