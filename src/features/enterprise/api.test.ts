import { describe, expect, it } from 'vitest'

import { type Agency, filterAgencies, readAgencyFilters } from './api'

const agencies: Pick<Agency, 'title' | 'regions' | 'services'>[] = [
  { title: 'Tidewater Studio', regions: ['Europe'], services: ['Design', 'Development'] },
  { title: 'Baobab Labs', regions: ['Africa', 'Europe'], services: ['Development', 'Support'] },
  { title: 'Kernel & Co', regions: ['North America'], services: ['Consulting'] },
]

describe('agency filters', () => {
  it('reads region and service from the URL and ignores values that are not ours', () => {
    expect(readAgencyFilters(new URLSearchParams('region=Europe&service=Design'))).toEqual({ region: 'Europe', service: 'Design' })
    expect(readAgencyFilters(new URLSearchParams('region=Atlantis&service=%25'))).toEqual({ region: undefined, service: undefined })
  })
  it('keeps the agencies in the region that offer the service, by name', () => {
    const titles = (region?: string, service?: string) =>
      filterAgencies(agencies, readAgencyFilters(new URLSearchParams({ ...(region ? { region } : {}), ...(service ? { service } : {}) }))).map((a) => a.title)
    expect(titles()).toEqual(['Baobab Labs', 'Kernel & Co', 'Tidewater Studio'])
    expect(titles('Europe')).toEqual(['Baobab Labs', 'Tidewater Studio'])
    expect(titles('Europe', 'Design')).toEqual(['Tidewater Studio'])
    expect(titles('Africa', 'Design')).toEqual([])
  })
})
