import { Badge } from '../../../components/ui/badge/badge'
import { Card } from '../../../components/ui/card/card'
import type { BlogPost } from '../api'
import { PostAuthors, PostDate } from './post-meta'
import './blog.css'

/** A post in a grid: cover, category, title, description, authors and date. */
export function PostCard({ post }: { post: Omit<BlogPost, 'body'> }) {
  return (
    <Card
      title={post.title}
      to={post.path}
      image={{ src: post.image, width: 1200, height: 630 }}
      eyebrow={<Badge color="neutral">{post.category}</Badge>}
      description={post.description}
      footer={
        <div className="blog-card-footer">
          <PostAuthors authors={post.authors} size={24} />
          <PostDate date={post.date} />
        </div>
      }
    />
  )
}
