import { useSuspenseQuery } from '@tanstack/react-query'

import { ListingPage } from '@/components/content/listing-page'
import { Avatar } from '@/components/ui/avatar/avatar'
import { Button } from '@/components/ui/button/button'
import { CallToAction } from '@/components/ui/call-to-action/call-to-action'
import { cardClass } from '@/components/ui/card/card'
import { Grid, GridItem } from '@/components/ui/grid/grid'
import { Icon } from '@/components/ui/icon'
import { Section } from '@/components/ui/section/section'
import type { Collections } from '@/contract/content/collection-types'
import { hostOf } from '@/contract/links'
import { z } from '@/contract/zod'

import { teamQuery } from '../api'

import './team.css'

type Member = Collections['team']['users'][number]

// The closing call of /team lives in its free-form front matter: parsed, not trusted.
const joinSchema = z.object({
  title: z.string(),
  description: z.optional(z.string()),
  links: z._default(z.array(z.object({ label: z.string(), to: z.string(), icon: z.optional(z.string()) })), []),
})

/** `https://github.com/x` → `GitHub`: what a link without a label is called. */
function siteName(link: Member['links'][number]): string {
  if (link.label) return link.label
  const host = hostOf(link.to)
  const known: Record<string, string> = {
    'github.com': 'GitHub',
    'x.com': 'X',
    'twitter.com': 'X',
    'linkedin.com': 'LinkedIn',
    'bsky.app': 'Bluesky',
    'mastodon.social': 'Mastodon',
  }
  return known[host] ?? host
}

/** A person: avatar, name, role, location, their profiles and, when they take sponsorship, a sponsor link. */
function MemberCard({ member }: { member: Member }) {
  return (
    <article className={cardClass({ className: 'team-member' })} aria-labelledby={`member-${member.username}`}>
      <Avatar name={member.name} src={member.avatar} size={88} decorative />
      <h3 id={`member-${member.username}`} className="team-member-name">
        {member.name}
      </h3>
      {member.role ? <p className="team-member-role">{member.role}</p> : null}
      {member.location ? (
        <p className="team-member-location">
          <Icon name="i-lucide-map-pin" /> {member.location}
        </p>
      ) : null}
      <div className="team-member-actions">
        {member.links.length ? (
          <ul className="team-member-links" aria-label={`${member.name}'s profiles`}>
            {member.links.map((link) => (
              <li key={link.to}>
                <a className="icon-button" href={link.to} target="_blank" rel="noopener noreferrer" aria-label={`${member.name} on ${siteName(link)}`} title={siteName(link)}>
                  <Icon name={link.icon} />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {member.sponsor ? (
          <Button to={member.sponsor} variant="soft" size="sm" icon="i-lucide-heart" target="_blank">
            Sponsor<span className="sr-only"> {member.name}</span>
          </Button>
        ) : null}
      </div>
    </article>
  )
}

/** /team: each group of the team (core, alumni) as the collection orders them, then how to join in. */
export function TeamPage() {
  const listing = useSuspenseQuery(teamQuery()).data
  if (!listing) return null
  const join = joinSchema.safeParse(listing.header.meta.join)
  return (
    <ListingPage header={listing.header} source={listing.source}>
      {listing.items.map((group) => (
        <Section key={group.path} title={group.title} description={group.description}>
          <Grid label={group.title} gap="sm">
            {group.users.map((member) => (
              <GridItem key={member.username}>
                <MemberCard member={member} />
              </GridItem>
            ))}
          </Grid>
        </Section>
      ))}
      {join.success ? <CallToAction title={join.data.title} description={join.data.description} links={join.data.links} /> : null}
    </ListingPage>
  )
}
