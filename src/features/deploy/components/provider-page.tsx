import { Suspense } from 'react'

import { MarkdownBody } from '@/components/markdown'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { Facts, WithFacts } from '@/components/ui/facts/facts'
import { Icon } from '@/components/ui/icon'
import { PageHero } from '@/components/ui/page-hero/page-hero'
import { sitePath } from '@/config/site'
import { isPageBody } from '@/contract/content/body'
import { hostOf } from '@/contract/links'
import { paths } from '@/contract/paths'
import type { LoadedPage } from '@/lib/content/page'
import { trustBuildOutput } from '@/lib/content/trusted'
import { usePageTitle } from '@/lib/page-effects'

import type { DeployProvider } from '../api'

import './deploy.css'

/**
 * /deploy/{slug}: a hosting provider's guide. The provider's logo, kind and links on
 * top, its preset and website beside the guide, the guide itself through the docs'
 * renderer (code blocks with file names and copy buttons).
 */
export function ProviderPage({ loaded }: { loaded: LoadedPage }) {
  const provider = trustBuildOutput<DeployProvider & { body?: unknown }>(loaded.data.page ?? {})
  usePageTitle(provider.title)
  const body = isPageBody(provider.body) ? provider.body : undefined
  const host = hostOf(provider.website)
  return (
    <main id="main" tabIndex={-1} className="container listing-page provider-page" data-source={loaded.source}>
      <PageHero
        title={provider.title}
        description={provider.description}
        headline={
          <span className="ui-card-eyebrow">
            {provider.logoSrc ? (
              <img src={sitePath(provider.logoSrc)} alt="" width={48} height={48} className="listing-logo" />
            ) : (
              <Icon name={provider.logoIcon ?? 'i-lucide-server'} size={40} />
            )}
            <Badge color="neutral">{provider.category}</Badge>
            {provider.featured ? <Badge>Featured</Badge> : null}
          </span>
        }
      >
        <div className="ui-page-hero-links">
          <Button to={provider.website} icon="i-lucide-external-link">
            Visit {provider.title}
          </Button>
          <Button to={paths.deploy()} variant="outline" icon="i-lucide-arrow-left">
            All providers
          </Button>
        </div>
      </PageHero>
      <WithFacts
        facts={
          <Facts
            label="Provider facts"
            facts={[
              { label: 'Preset', value: <code>{provider.nitroPreset}</code> },
              { label: 'Kind', value: provider.category },
              {
                label: 'Website',
                value: (
                  <a href={provider.website} target="_blank" rel="noopener noreferrer">
                    {host}
                  </a>
                ),
              },
            ]}
          />
        }
      >
        {provider.componentImg ? <img src={sitePath(provider.componentImg)} alt="" className="provider-image" width={1200} height={630} /> : null}
        {body ? (
          <Suspense>
            <MarkdownBody body={body} />
          </Suspense>
        ) : null}
      </WithFacts>
    </main>
  )
}
