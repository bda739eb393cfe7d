import { Badge } from '../../../components/ui/badge/badge'
import { Card } from '../../../components/ui/card/card'
import { Icon } from '../../../components/ui/icon'
import { paths } from '../../../config/paths'
import { compactNumber } from '../../../lib/format'
import type { Module } from '../api'

/** A module in the directory: icon, name, description, category, downloads and stars. */
export function ModuleCard({ module }: { module: Module }) {
  return (
    <Card
      title={module.name}
      to={paths.module(module.name)}
      icon={<img src={module.icon} alt="" width={28} height={28} className="listing-logo" />}
      eyebrow={
        <>
          <Badge color="neutral">{module.category}</Badge>
          {module.type === 'official' ? <Badge>Official</Badge> : null}
          {module.sponsor ? <Badge color="important">Sponsor</Badge> : null}
        </>
      }
      description={module.description}
      footer={
        <>
          <span className="listing-meta">
            <Icon name="i-lucide-download" /> {compactNumber(module.stats.downloads)}
            <span className="sr-only"> downloads a month</span>
          </span>
          <span className="listing-meta">
            <Icon name="i-lucide-star" /> {compactNumber(module.stats.stars)}
            <span className="sr-only"> stars</span>
          </span>
        </>
      }
    />
  )
}
