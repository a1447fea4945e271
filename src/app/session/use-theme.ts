import { useEffect } from 'react';

const KEY = 'theme';

/**
 * The agent's theme on <html>: true dark, false light, null the system's (§1 dark mode).
 * Undefined (profile not loaded yet) keeps what restoreTheme() set, so a reload does not flash.
 */
export function useTheme(darkMode: boolean | null | undefined): void {
  useEffect(() => {
    if (darkMode === undefined) return;
    applyTheme(darkMode);
    return () => applyTheme(null);
  }, [darkMode]);
}

function applyTheme(darkMode: boolean | null): void {
  const theme = darkMode === null ? null : darkMode ? 'dark' : 'light';
  if (theme) document.documentElement.dataset['theme'] = theme;
  else delete document.documentElement.dataset['theme'];
  try {
    if (theme) localStorage.setItem(KEY, theme);
    else localStorage.removeItem(KEY);
  } catch {
    // Only used to avoid a flash of the wrong theme on the next start.
  }
}

/** Before the first render, the theme of the last signed-in screen, so a reload does not flash. */
export function restoreTheme(): void {
  try {
    const theme = localStorage.getItem(KEY);
    if (theme === 'dark' || theme === 'light') document.documentElement.dataset['theme'] = theme;
  } catch {
    // No storage: the system preference applies.
  }
}
