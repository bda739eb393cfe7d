import { Badge } from '@/components/ui/badge/badge'
import { Card } from '@/components/ui/card/card'
import { Icon } from '@/components/ui/icon'
import { sitePath } from '@/config/site'

import type { Agency } from '../api'

/** An agency in a grid: logo, services, name, what it does, where it is and the regions it works in. */
export function AgencyCard({ agency }: { agency: Agency }) {
  return (
    <Card
      title={agency.title}
      to={agency.path}
      icon={<img src={sitePath(agency.logo)} alt="" width={40} height={40} className="listing-logo" />}
      eyebrow={agency.services.map((service) => (
        <Badge key={service} color="neutral">
          {service}
        </Badge>
      ))}
      description={agency.description}
      footer={
        <div className="agency-card-footer">
          <span className="listing-meta">
            <Icon name="i-lucide-map-pin" /> {agency.location}
          </span>
          <span className="listing-meta">
            <Icon name="i-lucide-globe" />
            <span className="sr-only">Regions: </span>
            {agency.regions.join(' · ')}
          </span>
        </div>
      }
    />
  )
}
