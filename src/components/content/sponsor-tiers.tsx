import { useId } from 'react'

import { sitePath } from '@/config/site'
import { sponsorTiers } from '@/contract/content/categories'
import type { Collections } from '@/contract/content/collection-types'

import './sponsor-tiers.css'

type Sponsor = Collections['manualSponsors']
type SponsorTier = (typeof sponsorTiers)[number]

/** `gold` → `Gold`. */
export const tierLabel = (tier: SponsorTier) => `${tier[0]?.toUpperCase()}${tier.slice(1)}`

/** A tier's logos in one row: the higher the tier, the larger the logo. */
function TierLogos({ tier, sponsors, headingLevel }: { tier: SponsorTier; sponsors: readonly Sponsor[]; headingLevel: 3 | 4 }) {
  const id = useId()
  const Heading = `h${headingLevel}` as const
  return (
    <section className={`sponsor-tier sponsor-tier-${tier}`} aria-labelledby={id}>
      <Heading id={id} className="sponsor-tier-title">
        {tierLabel(tier)}
      </Heading>
      <ul className="sponsor-logos">
        {sponsors.map((sponsor) => (
          <li key={sponsor.url}>
            <a className="sponsor-logo" href={sponsor.url} target="_blank" rel="noopener noreferrer sponsored" title={sponsor.name}>
              <img src={sitePath(sponsor.logo)} alt={sponsor.name} loading="lazy" decoding="async" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * Every sponsor, grouped by tier from platinum down (the sponsors page, the enterprise
 * overview, the home page); tiers without sponsors are left out. `align="center"` for
 * a centred section.
 */
export function SponsorTiers({ sponsors, headingLevel = 3, align = 'start' }: { sponsors: readonly Sponsor[]; headingLevel?: 3 | 4; align?: 'start' | 'center' }) {
  const byName = (a: Sponsor, b: Sponsor) => a.name.localeCompare(b.name)
  return (
    <div className={align === 'center' ? 'sponsor-tiers sponsor-tiers-center' : 'sponsor-tiers'}>
      {sponsorTiers.map((tier) => {
        const members = sponsors.filter((s) => s.tier === tier).sort(byName)
        return members.length ? <TierLogos key={tier} tier={tier} sponsors={members} headingLevel={headingLevel} /> : null
      })}
    </div>
  )
}
