import { useState } from 'react'

import { sitePath } from '@/config/site'

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?'
}

/**
 * A person's picture, or their initials when there is none or it fails to load. The
 * name is the image's text alternative (pass `decorative` when the name is written
 * beside it, so it is not read twice).
 */
export function Avatar({ name, src, size = 32, decorative = false }: { name: string; src?: string | undefined; size?: number; decorative?: boolean }) {
  const [failed, setFailed] = useState(false)
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) }
  if (src && !failed) {
    return <img className="ui-avatar" src={sitePath(src)} alt={decorative ? '' : name} width={size} height={size} style={style} loading="lazy" onError={() => setFailed(true)} />
  }
  return (
    <span
      className="ui-avatar ui-avatar-initials"
      style={style}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
    >
      {initials(name)}
    </span>
  )
}

/** Overlapping avatars (a post's authors). */
export function AvatarGroup({ people, size = 28 }: { people: readonly { name: string; avatar?: string | undefined }[]; size?: number }) {
  return (
    <span className="ui-avatar-group">
      {people.map((person) => (
        <Avatar key={person.name} name={person.name} src={person.avatar} size={size} />
      ))}
    </span>
  )
}
