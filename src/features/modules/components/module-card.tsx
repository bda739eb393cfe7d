import { memo } from 'react'

import { Badge } from '../../../components/ui/badge/badge'
import { Card } from '../../../components/ui/card/card'
import { Icon } from '../../../components/ui/icon'
import { paths } from '../../../config/paths'
import { compactNumber, relativeTime } from '../../../lib/format'
import type { ModuleListItem } from '../api'

/**
 * A module in the directory: icon, name, description, category, downloads, stars and
 * last update. Memoised by name: a new filter redraws only the cards that changed.
 */
export const ModuleCard = memo(
  function ModuleCard({ module }: { module: ModuleListItem }) {
    return (
      <Card
        title={module.name}
        to={paths.module(module.name)}
        icon={<img src={module.icon} alt="" width={28} height={28} className="listing-logo" loading="lazy" />}
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
  (before, after) => before.module.name === after.module.name,
)
