// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import type { Collections } from '@/contract/content/collection-types'

import { SponsorTiers, tierLabel } from './sponsor-tiers'

afterEach(cleanup)

const sponsor = (name: string, tier: Collections['manualSponsors']['tier']): Collections['manualSponsors'] => ({
  id: name,
  stem: name,
  extension: 'yml',
  position: 0,
  meta: {},
  name,
  tier,
  url: `https://${name.toLowerCase()}.example`,
  logo: `/sponsors/${name}.svg`,
})

describe('SponsorTiers', () => {
  it('names a sponsor tier', () => {
    expect(tierLabel('platinum')).toBe('Platinum')
  })

  it('groups the sponsors by tier from platinum down, by name within a tier, and leaves out empty tiers', () => {
    render(<SponsorTiers sponsors={[sponsor('Zeta', 'gold'), sponsor('Alpha', 'backer'), sponsor('Beta', 'gold'), sponsor('Orca', 'platinum')]} />)
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Platinum', 'Gold', 'Backer'])
    const gold = screen.getByRole('region', { name: 'Gold' })
    expect(within(gold).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Beta', 'Zeta'])
  })
})
