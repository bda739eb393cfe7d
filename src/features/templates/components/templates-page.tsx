import { useSuspenseQuery } from '@tanstack/react-query'

import { ListingPage } from '@/components/content/listing-page'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { Card } from '@/components/ui/card/card'
import { Grid, GridItem } from '@/components/ui/grid/grid'
import { Section } from '@/components/ui/section/section'

import { templatesQuery } from '../api'

const BADGE_COLOR = { Free: 'primary', Freemium: 'info', Premium: 'important' } as const

/**
 * /templates: starters with a screenshot, their licence (Free, Freemium, Premium), a
 * live demo, the code and, for paid ones, where to buy. Featured templates first.
 */
export function TemplatesPage() {
  const listing = useSuspenseQuery(templatesQuery()).data
  if (!listing) return null
  const templates = [...listing.items].sort((a, b) => Number(b.featured) - Number(a.featured) || a.name.localeCompare(b.name))
  return (
    <ListingPage header={listing.header} source={listing.source}>
      <Section title="Templates" description="Start a project from a working app: clone the code, or buy a premium theme from its author.">
        <Grid label="Templates">
          {templates.map((template) => (
            <GridItem key={template.slug}>
              <Card
                title={template.name}
                to={template.demo ?? (template.repo ? `https://github.com/${template.repo}` : undefined)}
                image={template.screenshotUrl ? { src: template.screenshotUrl, width: 640, height: 400 } : undefined}
                eyebrow={
                  <>
                    {template.badge ? <Badge color={BADGE_COLOR[template.badge]}>{template.badge}</Badge> : null}
                    {template.featured ? <Badge color="warning">Featured</Badge> : null}
                  </>
                }
                description={template.description}
                footer={
                  <>
                    {template.repo ? (
                      <Button to={`https://github.com/${template.repo}`} variant="ghost" size="sm" icon="i-simple-icons-github" className="ui-card-raised">
                        Code
                      </Button>
                    ) : null}
                    {template.purchase ? (
                      <Button to={template.purchase} variant="ghost" size="sm" icon="i-lucide-shopping-cart" className="ui-card-raised">
                        Buy
                      </Button>
                    ) : null}
                  </>
                }
              />
            </GridItem>
          ))}
        </Grid>
      </Section>
    </ListingPage>
  )
}
