/**
 * Text on the widget's accent colour (the launcher, the header, the visitor's messages) must stay
 * readable whatever colour an organization picks: white on dark colours, near-black on light
 * ones, by WCAG relative luminance. Shared by the widget and the settings page's preview.
 */
export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#111827';

export function readableTextOn(hex: string): typeof LIGHT_TEXT | typeof DARK_TEXT {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return LIGHT_TEXT;
  const [r, g, b] = [match[1], match[2], match[3]].map((part) => channel(parseInt(part ?? '0', 16) / 255));
  const luminance = 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  // Where white and DARK_TEXT have the same contrast (4.2:1 each): beyond it the other wins.
  return luminance > 0.2 ? DARK_TEXT : LIGHT_TEXT;
}

function channel(value: number): number {
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}
