import { useSuspenseQuery } from '@tanstack/react-query'

import { ListingPage } from '../../../components/content/listing-page'
import { EmptyState } from '../../../components/ui/empty-state/empty-state'
import { Grid, GridItem } from '../../../components/ui/grid/grid'
import { Section } from '../../../components/ui/section/section'
import { defaultOrder, modulesQuery } from '../api'
import { ModuleCard } from './module-card'

/** /modules: every module, sponsors first, then official ones, then by downloads. */
export function ModulesPage() {
  const listing = useSuspenseQuery(modulesQuery()).data
  if (!listing) return null
  const modules = defaultOrder(listing.items)
  return (
    <ListingPage header={listing.header} source={listing.source}>
      <Section title={`${modules.length} modules`} description="Sponsors first, then official modules, then the most downloaded.">
        {modules.length ? (
          <Grid label="Modules">
            {modules.map((module) => (
              <GridItem key={module.name}>
                <ModuleCard module={module} />
              </GridItem>
            ))}
          </Grid>
        ) : (
          <EmptyState title="No modules yet" description="Modules appear here once they are added to the content." />
        )}
      </Section>
    </ListingPage>
  )
}
