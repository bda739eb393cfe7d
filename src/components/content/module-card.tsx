import { memo } from 'react'

import { sitePath } from '@/config/site'
import type { Collections } from '@/contract/content/collection-types'
import { paths } from '@/contract/paths'
import { compactNumber, relativeTime } from '@/lib/format'

import { Badge } from '../ui/badge/badge'
import { Card } from '../ui/card/card'
import { Icon } from '../ui/icon'

/** A module as lists show it: every field but its readme. */
type ModuleListItem = Omit<Collections['modules'], 'readme'>

/**
 * A module in the directory (and among the home page's highlights): icon, name, description, category, downloads, stars and
 * last update. Memoised by name: a new filter redraws only the cards that changed.
 *
 * The icon is the module's thumbnail, a bitmap the build drew from its SVG: Chromium
 * makes a document of every SVG image, on the main thread, which at dozens per filter
 * held the next list up (see content-build/collections/thumbnails.ts).
 *
 * `eager`: a card of the first screenful loads its icon at once. The others load theirs
 * lazily, as they near the viewport; but changing a lazy image's source costs Chromium
 * an order of magnitude more than an eager one's, which would hold up a new list's first screenful, drawn into the cards already there.
 */
export const ModuleCard = memo(
  function ModuleCard({ module, eager = false }: { module: ModuleListItem; eager?: boolean }) {
    return (
      <Card
        title={module.name}
        to={paths.module(module.name)}
        icon={<img src={sitePath(module.thumbnail)} alt="" width={28} height={28} className="listing-logo" loading={eager ? 'eager' : 'lazy'} />}
        eyebrow={
          <>
            <Badge color="neutral">{module.category}</Badge>
            {module.official ? <Badge>Official</Badge> : null}
            {module.sponsor ? <Badge color="important">Sponsor</Badge> : null}
          </>
        }
        description={module.description}
        footer={
          <>
            <span className="listing-meta">
              <Icon name="i-lucide-download" /> {compactNumber(module.downloads)}
              <span className="sr-only"> downloads a month</span>
            </span>
            <span className="listing-meta">
              <Icon name="i-lucide-star" /> {compactNumber(module.stars)}
              <span className="sr-only"> stars</span>
            </span>
            <span className="listing-meta">
              <Icon name="i-lucide-history" />
              <span className="sr-only">Updated </span>
              <time dateTime={module.publishedAt}>{relativeTime(module.publishedAt)}</time>
            </span>
          </>
        }
      />
    )
  },
  // Rows of one build never change: a module with the same name is the same card.
  (before, after) => before.module.name === after.module.name && before.eager === after.eager,
)
