import { useSuspenseQuery } from '@tanstack/react-query'

import { ListingPage } from '@/components/content/listing-page'
import { Button } from '@/components/ui/button/button'
import { ChipGroup } from '@/components/ui/chip-group/chip-group'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { Grid, GridItem } from '@/components/ui/grid/grid'
import { agencyRegions, agencyServices } from '@/contract/content/categories'
import { useQueryFilters } from '@/lib/search-params'

import { agenciesQuery, filterAgencies, readAgencyFilters } from '../api'
import { AgencyCard } from './agency-card'

import './enterprise.css'

/**
 * /enterprise/agencies: partner agencies as cards, filtered by region and by service.
 * Both filters live in the URL (`?region=Europe&service=Design`), so a shared link,
 * reload and the back button keep them; each chip counts the agencies it would show
 * with the other filter as it is.
 */
export function AgenciesPage() {
  const listing = useSuspenseQuery(agenciesQuery()).data
  const { params, setParam, clear } = useQueryFilters()
  const filters = readAgencyFilters(params)
  if (!listing) return null
  const agencies = listing.items
  const shown = filterAgencies(agencies, filters)
  // A chip for every region (service) some agency has, counting what it would show beside the other filter.
  const regionChips = agencyRegions
    .filter((region) => agencies.some((a) => a.regions.includes(region)))
    .map((region) => ({ value: region, label: region, count: filterAgencies(agencies, { ...filters, region }).length }))
  const serviceChips = agencyServices
    .filter((service) => agencies.some((a) => a.services.includes(service)))
    .map((service) => ({ value: service, label: service, count: filterAgencies(agencies, { ...filters, service }).length }))
  const filtered = Boolean(filters.region || filters.service)
  return (
    <ListingPage header={listing.header} source={listing.source}>
      <div className="agency-filters">
        <div className="agency-filter">
          <span className="agency-filter-label">Region</span>
          <ChipGroup label="Region" chips={regionChips} value={filters.region} onChange={(v) => setParam('region', v)} />
        </div>
        <div className="agency-filter">
          <span className="agency-filter-label">Service</span>
          <ChipGroup label="Service" chips={serviceChips} value={filters.service} onChange={(v) => setParam('service', v)} />
        </div>
      </div>
      <h2 className="listing-count" aria-live="polite">
        {filtered
          ? `${shown.length} ${shown.length === 1 ? 'agency' : 'agencies'}${filters.service ? ` for ${filters.service}` : ''}${filters.region ? ` in ${filters.region}` : ''}`
          : `All ${shown.length} agencies`}
      </h2>
      {shown.length ? (
        <Grid label="Agencies">
          {shown.map((agency) => (
            <GridItem key={agency.path}>
              <AgencyCard agency={agency} />
            </GridItem>
          ))}
        </Grid>
      ) : (
        <EmptyState
          title="No agency matches"
          description="No partner agency offers that service in that region yet. Try another region or service."
          action={
            <Button variant="outline" onClick={clear}>
              Clear filters
            </Button>
          }
        />
      )}
    </ListingPage>
  )
}
