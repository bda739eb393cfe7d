import { useSuspenseQuery } from '@tanstack/react-query'

import { ListingPage } from '@/components/content/listing-page'
import { SponsorTiers, tierLabel } from '@/components/content/sponsor-tiers'
import { CallToAction } from '@/components/ui/call-to-action/call-to-action'
import { cardClass } from '@/components/ui/card/card'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { gridClass } from '@/components/ui/grid/grid'
import { Icon } from '@/components/ui/icon'
import { Section } from '@/components/ui/section/section'
import { site } from '@/config/site'

import { callSchema, sponsorsQuery, tiersSchema } from '../api'

import './enterprise.css'

/** /enterprise/sponsors: the sponsors by tier (the higher the tier, the larger the logo), what each tier gives, and how to become one. */
export function SponsorsPage() {
  const listing = useSuspenseQuery(sponsorsQuery()).data
  if (!listing) return null
  const tiers = tiersSchema.safeParse(listing.header.meta.tiers)
  const become = callSchema.safeParse(listing.header.meta.become)
  return (
    <ListingPage header={listing.header} source={listing.source}>
      <Section title="Thank you to our sponsors" description={`${listing.items.length} companies fund ${site.brand.name}'s maintenance today.`}>
        {listing.items.length ? (
          <SponsorTiers sponsors={listing.items} />
        ) : (
          <EmptyState icon="i-lucide-heart" title="No sponsors yet" description={`Be the first company to back ${site.brand.name}.`} />
        )}
      </Section>
      {tiers.success && tiers.data.length ? (
        <Section title="Sponsorship tiers" description="What each monthly tier gives back.">
          <ul className={gridClass({ columns: 4, gap: 'sm' })} aria-label="Sponsorship tiers">
            {tiers.data.map((tier) => (
              <li key={tier.tier} className={cardClass({ padded: true, className: `sponsor-plan sponsor-plan-${tier.tier}` })}>
                <h3 className="sponsor-plan-name">{tierLabel(tier.tier)}</h3>
                <p className="sponsor-plan-amount">{tier.amount}</p>
                <ul className="sponsor-plan-benefits">
                  {tier.benefits.map((benefit) => (
                    <li key={benefit}>
                      <Icon name="i-lucide-check" /> {benefit}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {become.success ? <CallToAction title={become.data.title} description={become.data.description} links={become.data.links} /> : null}
    </ListingPage>
  )
}
