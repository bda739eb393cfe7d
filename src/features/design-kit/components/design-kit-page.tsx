import { useSuspenseQuery } from '@tanstack/react-query'

import { ListingPage } from '../../../components/content/listing-page'
import { Badge } from '../../../components/ui/badge/badge'
import { Button } from '../../../components/ui/button/button'
import { Card } from '../../../components/ui/card/card'
import { Grid, GridItem } from '../../../components/ui/grid/grid'
import { Section } from '../../../components/ui/section/section'
import { designKitQuery } from '../api'

/** /design-kit: the logo, icon and wordmark files to download, and the palette. */
export function DesignKitPage() {
  const listing = useSuspenseQuery(designKitQuery()).data
  if (!listing) return null
  return (
    <ListingPage header={listing.header} source={listing.source}>
      <Section title="Assets">
        <Grid label="Design kit">
          {listing.items.map((asset) => {
            const preview = asset.files.find((f) => f.format === 'svg' && f.theme !== 'dark') ?? asset.files[0]
            return (
              <GridItem key={asset.name}>
                <Card
                  title={asset.name}
                  image={preview ? { src: preview.path, width: 640, height: 360 } : undefined}
                  eyebrow={<Badge color="neutral">{asset.type}</Badge>}
                  description={
                    <>
                      <p>{asset.description}</p>
                      {asset.colours ? (
                        <ul className="ui-card-eyebrow">
                          {asset.colours.map((colour) => (
                            <li key={colour.hex} className="listing-meta">
                              <span className="swatch" style={{ background: colour.hex }} aria-hidden="true" /> {colour.name} <code>{colour.hex}</code>
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </>
                  }
                  footer={asset.files.map((file) => (
                    <Button key={file.path} to={file.path} variant="outline" size="sm" icon="i-lucide-download" target="_blank">
                      {file.format.toUpperCase()}
                      {file.theme ? ` (${file.theme})` : ''}
                    </Button>
                  ))}
                />
              </GridItem>
            )
          })}
        </Grid>
      </Section>
    </ListingPage>
  )
}
