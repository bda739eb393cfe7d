import type { Collections } from '@/contract/content/collection-types'
import { useLabels } from '@/lib/ui-words'

import { Badge } from '../ui/badge/badge'
import { Card } from '../ui/card/card'
import { PostByline } from './post-meta'

/** A post in a grid (the blog, the home page): cover, category, title, description, authors and date. */
export function PostCard({ post }: { post: Omit<Collections['blog'], 'body'> }) {
  // A category is named in the page's language (`locales[].labels`).
  const label = useLabels()
  return (
    <Card
      title={post.title}
      to={post.path}
      image={{ src: post.image, width: 1200, height: 630 }}
      eyebrow={<Badge color="neutral">{label(post.category)}</Badge>}
      description={post.description}
      footer={<PostByline authors={post.authors} date={post.date} avatarSize={24} />}
    />
  )
}
