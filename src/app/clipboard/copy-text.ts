/** The part of the Clipboard API that copying needs (the browser's, or a test's). */
export type TextClipboard = { writeText(text: string): Promise<void> };

/**
 * Copies `text`. Resolves false instead of throwing when the browser refuses (no clipboard API
 * over plain HTTP, permission denied, the page not focused), so the caller can show §8's
 * 'An error occured while copying'.
 */
export async function copyText(clipboard: TextClipboard | undefined, text: string): Promise<boolean> {
  if (!clipboard) return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
