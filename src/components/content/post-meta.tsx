import type { Collections } from '@/contract/content/collection-types'
import { longDate, relativeTime } from '@/lib/format'
import { usePageLang, useWords } from '@/lib/ui-words'

import { Avatar } from '../ui/avatar/avatar'

import './post-meta.css'

type Authors = Collections['blog']['authors']

/** A post's authors (avatar and name, linked to their profile), for cards and the post's header. */
export function PostAuthors({ authors, size = 28 }: { authors: Authors; size?: number }) {
  const say = useWords()
  return (
    <ul className="post-authors" aria-label={say('blogAuthors')}>
      {authors.map((author) => (
        <li key={author.name}>
          <Avatar name={author.name} src={author.avatar} size={size} decorative />
          {author.to ? (
            <a href={author.to} target="_blank" rel="noopener noreferrer">
              {author.name}
            </a>
          ) : (
            <span>{author.name}</span>
          )}
        </li>
      ))}
    </ul>
  )
}

/** "16 July 2026 · 4 months ago": the date, written out, and how long ago, in the page's language. */
export function PostDate({ date }: { date: string }) {
  const lang = usePageLang()
  return (
    <span className="post-date">
      <time dateTime={date}>{longDate(date, lang)}</time>
      <span aria-hidden="true"> · </span>
      <span>{relativeTime(date, Date.now(), lang)}</span>
    </span>
  )
}

/** A post card's last line: the authors on one side, the date on the other. */
export function PostByline({ authors, date, avatarSize }: { authors: Authors; date: string; avatarSize: number }) {
  return (
    <div className="post-byline">
      <PostAuthors authors={authors} size={avatarSize} />
      <PostDate date={date} />
    </div>
  )
}
