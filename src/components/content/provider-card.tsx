import { sitePath } from '@/config/site'
import type { Collections } from '@/contract/content/collection-types'

import { Badge } from '../ui/badge/badge'
import { Card } from '../ui/card/card'
import { Icon } from '../ui/icon'

/** A deploy provider's card (the deploy directory, the home page): logo, category, name, what it offers and its preset. */
export function ProviderCard({ provider }: { provider: Omit<Collections['deploy'], 'body'> }) {
  return (
    <Card
      title={provider.title}
      to={provider.path}
      icon={
        provider.logoSrc ? <img src={sitePath(provider.logoSrc)} alt="" width={32} height={32} className="listing-logo" /> : <Icon name={provider.logoIcon ?? 'i-lucide-server'} size={24} />
      }
      eyebrow={
        <>
          <Badge color="neutral">{provider.category}</Badge>
          {provider.featured ? <Badge>Featured</Badge> : null}
        </>
      }
      description={provider.description}
      footer={<code>preset: {provider.nitroPreset}</code>}
    />
  )
}
