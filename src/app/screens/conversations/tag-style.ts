import type { CSSProperties } from 'react';
import { avatarHue } from '../../components/avatar-style';

/** A tag's colour: a stable hue from its name, as for avatars. */
export function tagStyle(name: string): CSSProperties {
  return { '--tag-hue': avatarHue(name) } as CSSProperties;
}
