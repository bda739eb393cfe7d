import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'

import { Icon } from '@/components/ui/icon'
import { MenuButton, type MenuButtonItem } from '@/components/ui/menu-button/menu-button'
import { site, sitePath } from '@/config/site'
import { defaultLocale, localeOf } from '@/contract/locales'
import { paths } from '@/contract/paths'
import { docsCollectionOf, editions, versionName, versionOf } from '@/lib/content/docs-versions'
import { navigationQuery, type NavItem } from '@/lib/content/index'
import { wordsFor } from '@/lib/ui-words'

import { leaves } from '../navigation'

const holds = (tree: readonly NavItem[] | undefined, path: string) => Boolean(tree && leaves(tree).some((item) => item.path === path))

/**
 * The page on using the docs with AI tools for a reader of `pagePath`: its edition's own
 * (`/docs/4.x/getting-started/ai`), else, for a translation that lacks it, the original's
 * when the original's tree (`originalTree`) has it; undefined where the version has none
 * (3.x), so the menu never links to a page that does not exist.
 */
export function aiPageFor(pagePath: string, tree: readonly NavItem[], originalTree?: readonly NavItem[]): string | undefined {
  const edition = versionOf(pagePath)
  if (!edition) return undefined
  const own = paths.docsAi(edition.path)
  if (holds(tree, own)) return own
  const original = paths.docsAi(edition.original)
  return edition.path !== edition.original && holds(originalTree, original) ? original : undefined
}

/**
 * 'Use with AI' in a docs page's header: the page's language's llms.txt and
 * llms-full.txt, and the page about the MCP server where the version has it. A static
 * site (`hosting: 'static'`) has no MCP endpoint, so it does not offer that page.
 */
export function AiMenu({ path, navigation }: { path: string; navigation: readonly NavItem[] }) {
  const say = wordsFor(path)
  const locale = localeOf(site, path)
  const prefix = locale.code === defaultLocale(site).code ? '' : `/${locale.code}`
  const edition = versionOf(path)
  const server = site.hosting === 'server'
  // A translation without the page links to the original's, which its own tree (fetched once the menu first opens) must list.
  const [opened, setOpened] = useState(false)
  const lookUp = server && edition && edition.path !== edition.original && !aiPageFor(path, navigation) ? docsCollectionOf(edition.original) : undefined
  const { data: originalTree } = useQuery({ ...navigationQuery(lookUp ?? 'docs'), enabled: opened && lookUp !== undefined })
  const aiPage = server ? aiPageFor(path, navigation, lookUp ? originalTree : undefined) : undefined
  // llms-full.txt holds the language's first docs version.
  const full = editions.find((e) => e.locale === locale.code)
  const items: MenuButtonItem[] = [
    { id: 'llms', label: 'llms.txt', description: say('llmsTxtDescription'), href: sitePath(paths.llmsTxt(prefix)) },
    {
      id: 'llms-full',
      label: 'llms-full.txt',
      description: full ? say('llmsFullTxtDescription', { version: versionName(full) }) : undefined,
      href: sitePath(paths.llmsFullTxt(prefix)),
    },
    ...(aiPage ? [{ id: 'mcp', label: say('mcpServer'), description: say('mcpServerDescription'), to: aiPage }] : []),
  ]
  return (
    <MenuButton
      label={say('useWithAi')}
      icon={<Icon name="i-lucide-sparkles" />}
      items={items}
      className="button button-outline button-small"
      onOpenChange={(open) => {
        if (open) setOpened(true)
      }}
    />
  )
}
