import { useId } from 'react'

import type { Collections } from '../../../contract/content/collection-types'
import { SPONSOR_TIERS, tierLabel, type SponsorTier } from '../api'
import './enterprise.css'

type Sponsor = Collections['manualSponsors']

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
              <img src={sponsor.logo} alt={sponsor.name} loading="lazy" decoding="async" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Every sponsor, grouped by tier from platinum down; tiers without sponsors are left out. */
export function SponsorTiers({ sponsors, headingLevel = 3 }: { sponsors: readonly Sponsor[]; headingLevel?: 3 | 4 }) {
  const byName = (a: Sponsor, b: Sponsor) => a.name.localeCompare(b.name)
  return (
    <div className="sponsor-tiers">
      {SPONSOR_TIERS.map((tier) => {
        const members = sponsors.filter((s) => s.tier === tier).sort(byName)
        return members.length ? <TierLogos key={tier} tier={tier} sponsors={members} headingLevel={headingLevel} /> : null
      })}
    </div>
  )
}
