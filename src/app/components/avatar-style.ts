/** Up to two initials from a name, or from the email's local part when the name is empty. */
export function initials(name: string, email = ''): string {
  const source = name.trim() || email.split('@')[0] || '';
  const words = source.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : [source];
  return letters
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase() || '?';
}

/** A stable hue for a name, so a person keeps their colour on every screen and device. */
export function avatarHue(name: string): number {
  let hash = 0;
  for (const char of name.trim().toLowerCase()) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % 360;
}
