import { useState } from 'react';
import type { CSSProperties } from 'react';
import { avatarHue, initials } from './avatar-style';

type AvatarProps = { name: string; email?: string; src?: string | null; size?: number };

/** The person's picture, or their initials on a colour derived from their name. */
export function Avatar({ name, email = '', src, size = 32 }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const style = { '--avatar-size': `${size}px`, '--avatar-hue': avatarHue(name || email) } as CSSProperties;
  const showImage = src && src !== failedSrc;
  return (
    <span className="avatar" style={style} aria-hidden="true">
      {showImage ? <img src={src} alt="" onError={() => setFailedSrc(src)} /> : initials(name, email)}
    </span>
  );
}
