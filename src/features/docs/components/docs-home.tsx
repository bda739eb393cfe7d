import { Card } from '@/components/ui/card/card'
import { Grid, GridItem } from '@/components/ui/grid/grid'
import { PageHero } from '@/components/ui/page-hero/page-hero'
import { z } from '@/contract/zod'

/**
 * A VitePress home page's front matter (`layout: home`): the hero and the features.
 * Read from the page's free-form `meta`, so parsed rather than trusted; the build has
 * resolved their links into the version.
 */
const homeSchema = z.object({
  layout: z.literal('home'),
  hero: z.optional(
    z.object({
      name: z.optional(z.string()),
      text: z.optional(z.string()),
      tagline: z.optional(z.string()),
      actions: z.optional(z.array(z.object({ text: z.string(), link: z.string(), theme: z.optional(z.string()) }))),
    }),
  ),
  features: z.optional(
    z.array(
      z.object({
        title: z.string(),
        details: z.optional(z.string()),
        link: z.optional(z.string()),
        // An emoji, or an image VitePress draws (not shown here: its file lives in the other site's public folder).
        icon: z.optional(z.unknown()),
      }),
    ),
  ),
})
export type DocsHomeData = z.infer<typeof homeSchema>

/** The home page of a VitePress tree, or undefined for any other page. */
export function docsHomeOf(meta: unknown): DocsHomeData | undefined {
  const parsed = homeSchema.safeParse(meta)
  return parsed.success ? parsed.data : undefined
}

/**
 * A VitePress home page drawn with the UI kit: the hero (name, text, tagline, its
 * actions as buttons: `brand` solid, `alt` outlined) and the features as cards.
 */
export function DocsHome({ home, title }: { home: DocsHomeData; title: string }) {
  const hero = home.hero ?? {}
  const links = (hero.actions ?? []).map((action) => ({ label: action.text, to: action.link, variant: action.theme === 'alt' ? ('outline' as const) : ('solid' as const) }))
  return (
    <div className="docs-home">
      {/* As VitePress orders them: name, text, tagline, then the actions. */}
      <PageHero
        title={hero.name ?? title}
        description={
          hero.text || hero.tagline ? (
            <>
              {hero.text}
              {hero.tagline ? <span className="docs-home-tagline">{hero.tagline}</span> : null}
            </>
          ) : undefined
        }
        links={links}
      />
      {home.features?.length ? (
        <Grid label="Features" className="docs-home-features">
          {home.features.map((feature) => (
            <GridItem key={feature.title}>
              <Card
                title={feature.title}
                description={feature.details}
                icon={typeof feature.icon === 'string' ? <span aria-hidden="true">{feature.icon}</span> : undefined}
                {...(feature.link ? { to: feature.link } : {})}
                headingLevel={2}
              />
            </GridItem>
          ))}
        </Grid>
      ) : null}
    </div>
  )
}
