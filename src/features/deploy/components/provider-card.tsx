import { Badge } from '../../../components/ui/badge/badge'
import { Card } from '../../../components/ui/card/card'
import { Icon } from '../../../components/ui/icon'
import type { DeployProvider } from '../api'

/** A provider's card: logo, category, name, what it offers and its preset. */
export function ProviderCard({ provider }: { provider: DeployProvider }) {
  return (
    <Card
      title={provider.title}
      to={provider.path}
      icon={
        provider.logoSrc ? <img src={provider.logoSrc} alt="" width={32} height={32} className="listing-logo" /> : <Icon name={provider.logoIcon ?? 'i-lucide-server'} size={24} />
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
