import type { CSSProperties } from 'react';
import { avatarHue } from '../../components/avatar-style';
import { leadingEmojiColor } from './emoji-colors';

/**
 * A tag's colour: the one chosen on the Tags page; else, for a name led by an emoji, that
 * emoji's colour (§1); either at 0.1 alpha behind text of the same colour (§9). Otherwise a
 * stable hue from its name, as for avatars.
 */
export function tagStyle(name: string, color?: string | null): CSSProperties {
  const chosen = color ?? leadingEmojiColor(name);
  if (!chosen) return { '--tag-hue': avatarHue(name) } as CSSProperties;
  return {
    '--tag-bg': `color-mix(in srgb, ${chosen} 10%, transparent)`,
    '--tag-fg': `light-dark(color-mix(in srgb, ${chosen} 70%, black), color-mix(in srgb, ${chosen} 60%, white))`,
  } as CSSProperties;
}
