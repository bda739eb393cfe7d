import { useSuspenseQuery } from '@tanstack/react-query'

import { ListingPage } from '../../../components/content/listing-page'
import { Badge } from '../../../components/ui/badge/badge'
import { Button } from '../../../components/ui/button/button'
import { Card } from '../../../components/ui/card/card'
import { Grid, GridItem } from '../../../components/ui/grid/grid'
import { Section } from '../../../components/ui/section/section'
import { templatesQuery } from '../api'

/** /templates: starters with a screenshot, their licence badge, a demo and the code. */
export function TemplatesPage() {
  const listing = useSuspenseQuery(templatesQuery()).data
  if (!listing) return null
  const templates = [...listing.items].sort((a, b) => Number(b.featured) - Number(a.featured))
  return (
    <ListingPage header={listing.header} source={listing.source}>
      <Section title="Templates">
        <Grid label="Templates">
          {templates.map((template) => (
            <GridItem key={template.slug}>
              <Card
                title={template.name}
                to={template.demo ?? (template.repo ? `https://github.com/${template.repo}` : undefined)}
                image={template.screenshotUrl ? { src: template.screenshotUrl, width: 640, height: 360 } : undefined}
                eyebrow={template.badge ? <Badge color={template.badge === 'Free' ? 'primary' : 'important'}>{template.badge}</Badge> : undefined}
                description={template.description}
                footer={
                  template.repo && template.demo ? (
                    <Button to={`https://github.com/${template.repo}`} variant="ghost" size="sm" icon="i-simple-icons-github" className="ui-card-raised">
                      Code
                    </Button>
                  ) : undefined
                }
              />
            </GridItem>
          ))}
        </Grid>
      </Section>
    </ListingPage>
  )
}
