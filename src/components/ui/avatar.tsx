import { useState } from 'react';
import { DEFAULT_PROFILE_IMAGE } from '@common/domain/vocabulary';
import { apiUrl } from '@/lib/api-client';

interface AvatarProps {
  src: string | null | undefined;
  /** Alternative text; '' for a decorative avatar next to the name. */
  alt: string;
  size?: number;
  className?: string;
}

/** Resolves a stored image path (`/uploads/…` lives on the API host, `/avatars/…` is ours). */
export function imageUrl(src: string | null | undefined): string {
  if (!src) return DEFAULT_PROFILE_IMAGE;
  if (src.startsWith('/uploads/')) return apiUrl(src);
  return src;
}

/** A round profile picture; the default image when there is none or it fails to load. */
export function Avatar({ src, alt, size = 40, className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = failed === src ? DEFAULT_PROFILE_IMAGE : imageUrl(src);
  return (
    <img
      className={className ? `avatar ${className}` : 'avatar'}
      src={url}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src ?? null)}
    />
  );
}
