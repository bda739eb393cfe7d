import { useSuspenseQuery } from '@tanstack/react-query'
import { Suspense } from 'react'
import { Link } from 'react-router-dom'

import { ListingPage } from '@/components/content/listing-page'
import { ModuleCard } from '@/components/content/module-card'
import { PostCard } from '@/components/content/post-card'
import { ProviderCard } from '@/components/content/provider-card'
import { SponsorTiers } from '@/components/content/sponsor-tiers'
import { MarkdownBody } from '@/components/markdown'
import { Avatar } from '@/components/ui/avatar/avatar'
import { Button } from '@/components/ui/button/button'
import { CallToAction } from '@/components/ui/call-to-action/call-to-action'
import { Card, cardClass } from '@/components/ui/card/card'
import { CommandLine } from '@/components/ui/command-line/command-line'
import { Grid, GridItem } from '@/components/ui/grid/grid'
import { Icon } from '@/components/ui/icon'
import { PageHero } from '@/components/ui/page-hero/page-hero'
import { Section, SectionLink } from '@/components/ui/section/section'
import { site } from '@/config/site'
import { isPageBody } from '@/contract/content/body'
import type { Collections } from '@/contract/content/collection-types'
import { paths } from '@/contract/paths'
import { isRouteOn } from '@/contract/sections'

import { type Landing, landingPage, landingQuery } from '../api'

import './landing.css'

/** Links of the page's own content, without those into switched-off sections (sections in site.config.ts). */
const linksOn = <Link extends { to: string }>(links: readonly Link[]): Link[] => links.filter((link) => isRouteOn(site.sections, link.to))

/**
 * /: the hero (the newest release, the pitch, calls to action and the install
 * command), the features, a code example, highlights of the modules and deploy
 * providers, testimonials, the sponsors by tier, the latest posts and a closing call
 * to action. Each section is left out when the content has nothing for it: a
 * switched-off section has no collection, so nothing of it is highlighted here.
 */
export function LandingPage() {
  const landing = useSuspenseQuery(landingQuery()).data
  if (!landing) return null
  const { header, lists, totals } = landing
  const page = landingPage(landing)
  return (
    <ListingPage header={header} className="landing" hero={<LandingHero landing={landing} />}>
      {page.features?.length ? (
        <Section title="Everything a full-stack app needs" headline="Features" description="Conventions that stay out of your way, with an escape hatch whenever you need one.">
          <Grid label="Features">
            {page.features.map((feature) => (
              <GridItem key={feature.title}>
                <Card title={feature.title} icon={feature.icon} description={feature.description} />
              </GridItem>
            ))}
          </Grid>
        </Section>
      ) : null}
      <CodeExample page={page} />
      {lists.modules.length ? (
        <Section
          title="Add a feature in one line"
          headline="Modules"
          description="Images, content, i18n, analytics and more: install a module, list it in your config, and it is wired in."
        >
          <Grid label="Popular modules">
            {lists.modules.map((module) => (
              <GridItem key={module.name}>
                <ModuleCard module={module} />
              </GridItem>
            ))}
          </Grid>
          <SectionLink to={paths.modules()}>Browse all {totals.modules ?? lists.modules.length} modules</SectionLink>
        </Section>
      ) : null}
      {lists.deploy.length ? (
        <Section
          title="Deploy anywhere"
          headline="Deploy"
          description="The same build targets Node.js servers, serverless functions, edge networks and static hosts. Pick a preset; there is nothing to rewrite."
        >
          <Grid label="Deploy providers">
            {lists.deploy.map((provider) => (
              <GridItem key={provider.path}>
                <ProviderCard provider={provider} />
              </GridItem>
            ))}
          </Grid>
          <SectionLink to={paths.deploy()}>See all {totals.deploy ?? lists.deploy.length} deploy targets</SectionLink>
        </Section>
      ) : null}
      {page.testimonials?.length ? (
        <Section title="Loved by teams that ship" headline="Testimonials">
          <Grid label="Testimonials" columns={4} gap="sm">
            {page.testimonials.map((t) => (
              <GridItem key={t.name}>
                <figure className={cardClass({ padded: true, className: 'landing-quote' })}>
                  <blockquote>
                    <p>{t.quote}</p>
                  </blockquote>
                  <figcaption>
                    <Avatar name={t.name} src={t.avatar} size={40} decorative />
                    <span>
                      <span className="landing-quote-name">{t.name}</span>
                      <span className="landing-quote-role">{t.role}</span>
                    </span>
                  </figcaption>
                </figure>
              </GridItem>
            ))}
          </Grid>
        </Section>
      ) : null}
      {lists.manualSponsors.length ? (
        <Section
          title="Backed by our sponsors"
          headline="Sponsors"
          align="center"
          description={`${site.brand.name} is independent. These companies fund the people who maintain it full time.`}
        >
          <SponsorTiers sponsors={lists.manualSponsors} align="center" />
          <div className="landing-sponsors-cta">
            <Button to={paths.enterpriseSponsors()} variant="outline" icon="i-lucide-heart">
              Become a sponsor
            </Button>
          </div>
        </Section>
      ) : null}
      {lists.blog.length ? (
        <Section title="Latest from the blog" headline="Blog">
          <Grid label="Latest posts">
            {lists.blog.map((post) => (
              <GridItem key={post.path}>
                <PostCard post={post} />
              </GridItem>
            ))}
          </Grid>
          <SectionLink to={paths.blog()}>Read all {totals.blog ?? lists.blog.length} posts</SectionLink>
        </Section>
      ) : null}
      {page.cta ? <CallToAction title={page.cta.title} description={page.cta.description} links={linksOn(page.cta.links)} /> : null}
    </ListingPage>
  )
}

/** The newest release post as a badge, the pitch, the calls to action and the install command with its copy button. */
function LandingHero({ landing }: { landing: Landing }) {
  const { header } = landing
  const page = landingPage(landing)
  const release = landing.lists.blog.find((post) => post.category === 'Release')
  return (
    <PageHero
      align="center"
      title={header.heroTitle}
      description={header.heroDescription}
      links={linksOn(header.links)}
      headline={
        release ? (
          <Link to={release.path} className="landing-announcement">
            <span className="landing-announcement-tag">New</span>
            {release.title}
            <Icon name="i-lucide-arrow-right" />
          </Link>
        ) : null
      }
    >
      {page.install ? <CommandLine command={page.install} label="Copy install command" className="landing-install" /> : null}
    </PageHero>
  )
}

/** The code example: its heading beside the page body (a code group, highlighted by the build). */
function CodeExample({ page }: { page: Collections['index'] }) {
  const body = isPageBody(page.body) && page.body.value.trim() ? page.body : undefined
  if (!body) return null
  return (
    <Section
      className="landing-example"
      headline={page.example?.headline}
      title={page.example?.title ?? 'Write the API next to the page'}
      description={page.example?.description}
      actions={linksOn(page.example?.links ?? []).map((link) => (
        <Button key={link.to} to={link.to} variant="ghost" trailingIcon={link.icon ?? 'i-lucide-arrow-right'}>
          {link.label}
        </Button>
      ))}
      media={
        <Suspense>
          <MarkdownBody body={body} />
        </Suspense>
      }
    />
  )
}
