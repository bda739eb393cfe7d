import { useSuspenseQuery } from '@tanstack/react-query'

import { ListingPage } from '../../../components/content/listing-page'
import { Avatar } from '../../../components/ui/avatar/avatar'
import { Grid, GridItem } from '../../../components/ui/grid/grid'
import { Icon } from '../../../components/ui/icon'
import { Section } from '../../../components/ui/section/section'
import { teamQuery } from '../api'

/** /team: each group of the team (core, alumni) with its people, their roles and links. */
export function TeamPage() {
  const listing = useSuspenseQuery(teamQuery()).data
  if (!listing) return null
  return (
    <ListingPage header={listing.header} source={listing.source}>
      {listing.items.map((group) => (
        <Section key={group.path} title={group.title} description={group.description}>
          <Grid label={group.title}>
            {group.users.map((user) => (
              <GridItem key={user.username}>
                <div className="person">
                  <Avatar name={user.name} src={user.avatar} size={56} decorative />
                  <div>
                    <h3 className="person-name">{user.name}</h3>
                    {user.role ? <p className="person-role">{user.role}</p> : null}
                    {user.location ? <p className="person-location">{user.location}</p> : null}
                  </div>
                  <ul className="person-links">
                    {user.links.map((link) => (
                      <li key={link.to}>
                        <a
                          className="icon-button"
                          href={link.to}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={`${user.name} on ${link.label ?? new URL(link.to).hostname}`}
                        >
                          <Icon name={link.icon} />
                        </a>
                      </li>
                    ))}
                  </ul>
                </div>
              </GridItem>
            ))}
          </Grid>
        </Section>
      ))}
    </ListingPage>
  )
}
