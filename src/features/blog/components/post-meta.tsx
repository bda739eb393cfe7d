import { Avatar } from '../../../components/ui/avatar/avatar'
import { longDate, relativeTime } from '../../../lib/format'
import type { BlogPost } from '../api'

/** A post's authors (avatar and name, linked to their profile), for cards and the post's header. */
export function PostAuthors({ authors, size = 28 }: { authors: BlogPost['authors']; size?: number }) {
  return (
    <ul className="blog-authors" aria-label="Authors">
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

/** "16 July 2026 · 4 months ago": the date, written out, and how long ago. */
export function PostDate({ date }: { date: string }) {
  return (
    <span className="blog-date">
      <time dateTime={date}>{longDate(date)}</time>
      <span aria-hidden="true"> · </span>
      <span>{relativeTime(date)}</span>
    </span>
  )
}
