import { useLocation } from 'react-router-dom'

import { site, sitePath } from '@/config/site'
import { withBase } from '@/contract/base'
import { defaultLocale, localeOf } from '@/contract/locales'
import { paths } from '@/contract/paths'
import { useWords } from '@/lib/ui-words'

import { CopyButton } from '../ui/copy-button'
import { Callout } from './callout'

/** The site's MCP endpoint as a client connects to it: the configured URL, the base, then `mcp` (`https://fjord.dev/mcp`). */
export function mcpEndpointUrl(): string {
  return new URL(withBase(site.base, paths.mcp()), site.brand.url).href
}

/**
 * `::mcp-endpoint` in a page: the site's MCP endpoint with a copy button, where the
 * site's server answers it. A static site (`hosting: 'static'`) has no server and so no
 * endpoint: there it says so and points to llms.txt in the page's language instead.
 * Read from the site config when drawn, so the build's prerender says the same.
 */
export function McpEndpoint() {
  const say = useWords()
  const { pathname } = useLocation()
  if (site.hosting === 'static') {
    const locale = localeOf(site, pathname)
    const llms = sitePath(paths.llmsTxt(locale.code === defaultLocale(site).code ? '' : `/${locale.code}`))
    const [before, after] = say('mcpUnavailable').split('{llms}')
    return (
      <Callout kind="note" title={say('mcpUnavailableTitle')}>
        <p>
          {before}
          {after !== undefined ? (
            <>
              <a href={llms}>
                <code>llms.txt</code>
              </a>
              {after}
            </>
          ) : null}
        </p>
      </Callout>
    )
  }
  const url = mcpEndpointUrl()
  return (
    <div className="ui-command mcp-endpoint" role="group" aria-label={say('mcpEndpoint')}>
      <span className="ui-command-prompt" aria-hidden="true">
        MCP
      </span>
      <code>{url}</code>
      <CopyButton text={url} label={say('copyMcpEndpoint')} />
    </div>
  )
}
