import { memo, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useLoaderData, useLocation } from 'react-router-dom'

import { type RenderSurroundLink, Surround } from '@/components/content/surround'
import { FoldedTableOfContents, TableOfContents } from '@/components/content/table-of-contents'
import { MarkdownBody } from '@/components/markdown'
import { AppLink } from '@/components/ui/app-link'
import { CopyButton } from '@/components/ui/copy-button'
import { Icon } from '@/components/ui/icon'
import { ExternalIcon, MenuIcon } from '@/components/ui/icons'
import { SlideOver } from '@/components/ui/overlay/dialog'
import { PrefetchLink } from '@/components/ui/prefetch-link'
import { site, sitePath } from '@/config/site'
import { isPageBody, type PageBody } from '@/contract/content/body'
import { rawPath } from '@/contract/content/raw-markdown'
import { isExternal } from '@/contract/links'
import { localeOf, uiString } from '@/contract/locales'
import type { UiString } from '@/contract/ui-strings'
import { afterNextPaint } from '@/lib/after-paint'
import { docsCollectionOf, isInside, versionName, versionOf } from '@/lib/content/docs-versions'
import type { NavItem } from '@/lib/content/index'
import { prefetchPage } from '@/lib/content/prefetch'
import { siteUrl } from '@/lib/content/url'
import { fetchText } from '@/lib/fetch-text'
import { longDate } from '@/lib/format'
import { usePageTitle, useWarmCollection } from '@/lib/page-effects'
import { revealWithin } from '@/lib/reveal'

import type { DocsData } from '../api'
import { landingOf, sidebarParts, trail, visibleNavigation } from '../navigation'
import { AiMenu } from './ai-menu'
import { DocsHome, docsHomeOf } from './docs-home'

import './docs.css'

/**
 * The sidebar tree. Items are memoised on what they show, so moving to the next page
 * redraws the two links whose active state changed and the folders holding them, not
 * the whole tree.
 */
function NavTree({
  items,
  pathname,
  level = 0,
  root = level === 0,
  label,
}: {
  items: readonly NavItem[]
  pathname: string
  level?: number
  /** The sidebar's own list (a section's items are one, a level down): not indented. */
  root?: boolean
  label?: string
}) {
  return (
    <ul className={root ? 'nav-tree' : 'nav-tree-children'} aria-label={label}>
      {/* Keyed by place and path: a VitePress sidebar may hold two groups in one folder, or a page twice. */}
      {items.map((item, i) =>
        item.children ? (
          <NavFolder key={`${i}:${item.path}`} item={item} pathname={isInside(pathname, item.path) ? pathname : undefined} level={level} />
        ) : (
          <NavLeaf key={`${i}:${item.path}`} item={item} active={item.path === pathname} />
        ),
      )}
    </ul>
  )
}

/** A link of the tree; `current` marks the section holding the page being read. */
const NavLeaf = memo(function NavLeaf({ item, active, current = false }: { item: NavItem; active: boolean; current?: boolean }) {
  return (
    <li>
      {item.disabled ? (
        <span className="nav-tree-link" aria-disabled="true">
          {item.title}
        </span>
      ) : item.target === '_blank' || isExternal(item.path) ? (
        <a href={sitePath(item.path)} target="_blank" rel="noopener noreferrer" className="nav-tree-link">
          {item.title} <ExternalIcon size={12} />
        </a>
      ) : (
        <PrefetchLink to={item.path} prefetch={prefetchPage} className="nav-tree-link" aria-current={active ? 'page' : current ? 'true' : undefined}>
          {item.icon ? <Icon name={item.icon} /> : null}
          {item.title}
          {item.badge ? <span className="badge">{item.badge}</span> : null}
        </PrefetchLink>
      )}
    </li>
  )
})

/**
 * A folder: collapsible, open by default when it says so or holds the page being read
 * (`pathname` is given only then). Its items are drawn the first time it opens and kept
 * after, so a tree of thousands of pages costs what its open branches show.
 */
const NavFolder = memo(function NavFolder({ item, pathname, level }: { item: NavItem; pathname: string | undefined; level: number }) {
  const inside = pathname !== undefined
  const [open, setOpen] = useState(Boolean(item.defaultOpen) || inside || level === 0)
  const [drawn, setDrawn] = useState(open)
  const [wasInside, setWasInside] = useState(inside)
  // Adjusted in the render, not an effect: reaching a page in a closed folder opens it in the same commit.
  if (inside !== wasInside) {
    setWasInside(inside)
    if (inside) setOpen(true)
  }
  if (open && !drawn) setDrawn(true)
  const id = useId()
  return (
    <li className={`nav-tree-folder level-${level}`}>
      <button type="button" className="nav-tree-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {item.icon ? <Icon name={item.icon} /> : null}
        <span>{item.title}</span>
        {item.badge ? <span className="badge">{item.badge}</span> : null}
      </button>
      <div id={id} hidden={!open}>
        {drawn ? <NavTree items={item.children ?? []} pathname={pathname ?? ''} level={level + 1} /> : null}
      </div>
    </li>
  )
})

/**
 * The sidebar: the tree's sections as links, then the tree of the one being read (all of
 * the tree when it has no sections).
 */
function Sidebar({ items, top, pathname }: { items: readonly NavItem[]; top: NavItem | undefined; pathname: string }) {
  const { sections, current, tree } = sidebarParts(items, top)
  return (
    <>
      {sections.length ? (
        <ul className="nav-sections">
          {sections.map((item, i) => {
            const to = landingOf(item)
            return <NavLeaf key={`${i}:${item.path}`} item={item.path === to ? item : { ...item, path: to }} active={to === pathname} current={item === current} />
          })}
        </ul>
      ) : null}
      {tree.length ? <NavTree items={tree} pathname={pathname} level={sections.length ? 1 : 0} root label={current?.title} /> : null}
    </>
  )
}

/** Text without Markdown punctuation or repeated spaces, to compare a description with the body it was taken from. */
const plain = (text: string) =>
  text
    .replace(/[*_`[\]()<>#]/g, '')
    .replace(/\s+/g, ' ')
    .trim()

/**
 * Whether the body opens with the description (a page without one in front matter is
 * described by its first paragraph): the lead would say it twice.
 */
function opensWith(body: PageBody | undefined, description: string): boolean {
  if (!body) return false
  const wanted = plain(description)
  return wanted.length > 0 && plain(body.value.slice(0, description.length * 2 + 200)).startsWith(wanted)
}

/** The docs version a page belongs to, for what the app puts at the foot of its sidebar. */
export interface DocsSidebarVersion {
  /** The version's collection (`docs_v4`). */
  collection: string
  /** The version as readers name it (`4.x`). */
  label: string
}

/**
 * What the app shows at the foot of the sidebar, below the tree (the offline feature's
 * 'Download for offline'): the docs feature draws the sidebar without knowing it.
 * Given once per route, so the memoised page view does not redraw for it.
 */
export type RenderSidebarFooter = (version: DocsSidebarVersion) => ReactNode

// The previous and next links prefetch their page, as the tree's links do.
const renderPageLink: RenderSurroundLink = ({ to, className, children }) => (
  <PrefetchLink to={to} prefetch={prefetchPage} className={className}>
    {children}
  </PrefetchLink>
)

/** A docs route: its loader's data through the page view, the body rendered by the lazy Markdown chunk. */
export function DocsPage({ renderSidebarFooter }: { renderSidebarFooter?: RenderSidebarFooter }) {
  const data = useLoaderData<DocsData>()
  const { pathname } = useLocation()
  return <DocsPageView data={data} pathname={pathname} renderBody={renderLazyBody} renderSidebarFooter={renderSidebarFooter} />
}

// One function for every render, so the memoised page view only redraws for new data.
const renderLazyBody = (body: PageBody) => (
  <Suspense>
    <MarkdownBody body={body} />
  </Suspense>
)

/**
 * A documentation page: the version's tree on the left, the page (breadcrumb, title,
 * description, links, 'Copy page', 'Use with AI', body, edit link, last update, previous and next)
 * in the middle, 'On this page' on the right. Pure props, so the build can render the
 * same markup for the page's first paint.
 */
export const DocsPageView = memo(function DocsPageView({
  data,
  pathname,
  renderBody,
  renderSidebarFooter,
}: {
  data: DocsData
  pathname: string
  renderBody: (body: PageBody) => ReactNode
  renderSidebarFooter?: RenderSidebarFooter
}) {
  const { data: payload, navigation, source } = data
  // Open for the page it was opened on: a route change closes it without an effect and a second render.
  const [sidebarFor, setSidebarFor] = useState<string | null>(null)
  const sidebarOpen = sidebarFor === pathname
  const setSidebarOpen = (open: boolean) => setSidebarFor(open ? pathname : null)
  const page = payload.page ?? {}
  const version = versionOf(payload.path)
  const collection = docsCollectionOf(payload.path)
  const tree = version ? visibleNavigation(navigation, pathname, version.path) : navigation
  const crumbs = trail(tree, payload.path)
  const title = typeof page.title === 'string' ? page.title : ''
  const description = typeof page.description === 'string' ? page.description : ''
  const body = isPageBody(page.body) ? page.body : undefined
  // A VitePress tree's home page (`layout: home`) opens with its hero and features.
  const home = docsHomeOf(page.meta)
  const links = Array.isArray(page.links) ? (page.links as { label: string; to: string; icon?: string; target?: string }[]) : []
  const modifiedAt = typeof page.modifiedAt === 'string' ? new Date(page.modifiedAt) : undefined
  const file = typeof page.stem === 'string' ? `${page.stem}.${typeof page.extension === 'string' ? page.extension : 'md'}` : undefined
  const editUrl = version && file ? site.docs.editUrl.replace('{branch}', version.branch).replace('{file}', file) : undefined
  const [previous, next] = payload.surround ?? [null, null]
  // The page's furniture in its own language (site.config `locales[].ui`).
  const locale = localeOf(site, payload.path).code
  const say = (key: UiString) => uiString(site, locale, key)

  usePageTitle(title || undefined)
  useWarmCollection(collection)
  const sidebarRef = useRef<HTMLElement>(null)
  // A page deep in a long tree opens with its place in the tree shown. After the new page
  // is painted: finding the link's place lays the page out, and before the paint that
  // is one more layout between a click and the page it asked for.
  useEffect(() => afterNextPaint(() => revealWithin(sidebarRef.current, '[aria-current="page"]')), [pathname])

  const sidebar = <Sidebar items={tree} top={crumbs[0]} pathname={pathname} />
  const sidebarFooter = version && collection && renderSidebarFooter ? renderSidebarFooter({ collection, label: versionName(version) }) : null
  return (
    <div className="container docs-layout">
      <aside className="docs-sidebar" ref={sidebarRef}>
        <nav aria-label={say('documentation')}>{sidebar}</nav>
        {sidebarFooter}
      </aside>
      <main id="main" tabIndex={-1} className="docs-main" data-source={source}>
        <button type="button" className="button button-outline docs-sidebar-toggle" aria-expanded={sidebarOpen} onClick={() => setSidebarOpen(true)}>
          <MenuIcon size={16} /> {say('documentationMenu')}
        </button>
        <SlideOver open={sidebarOpen} onOpenChange={setSidebarOpen} title={say('documentation')} closeLabel={say('close')} showTitle side="left">
          <nav aria-label={say('documentationInMenu')}>{sidebar}</nav>
          {sidebarFooter}
        </SlideOver>
        {crumbs.length > 1 ? (
          <nav aria-label={say('breadcrumb')} className="breadcrumb">
            <ol>
              {/* Keyed by place too: two groups of a VitePress sidebar may share a folder. */}
              {crumbs.slice(0, -1).map((crumb, i) => (
                <li key={`${i}:${crumb.path}`}>
                  <AppLink to={crumb.path}>{crumb.title}</AppLink>
                </li>
              ))}
              <li aria-current="page">{crumbs[crumbs.length - 1]?.title}</li>
            </ol>
          </nav>
        ) : null}
        {home ? (
          <DocsHome home={home} title={title} />
        ) : (
          <header className="docs-header">
            <h1>{title}</h1>
            {description && !opensWith(body, description) ? <p className="docs-lead">{description}</p> : null}
            <div className="docs-actions">
              {links.map((link) => (
                <a key={link.to} href={sitePath(link.to)} className="button button-outline button-small" target={link.target ?? '_blank'} rel="noopener noreferrer">
                  {link.icon ? <Icon name={link.icon} /> : null}
                  {link.label}
                </a>
              ))}
              <CopyButton label={say('copyPageAsMarkdown')} className="button button-outline button-small" getText={() => fetchText(siteUrl(rawPath(payload.path)))}>
                {say('copyPage')}
              </CopyButton>
              <a href={sitePath(rawPath(payload.path))} className="button button-outline button-small">
                {say('viewAsMarkdown')}
              </a>
              <AiMenu path={payload.path} navigation={navigation} />
            </div>
          </header>
        )}
        {body ? <FoldedTableOfContents toc={body.toc} title={say('onThisPage')} /> : null}
        {body ? renderBody(body) : null}
        <footer className="docs-footer">
          {editUrl ? (
            <a href={editUrl} target="_blank" rel="noopener noreferrer">
              {say('editPage')}
            </a>
          ) : null}
          {modifiedAt && !Number.isNaN(modifiedAt.getTime()) ? (
            <p>
              {say('lastUpdated')} <time dateTime={modifiedAt.toISOString()}>{longDate(modifiedAt, localeOf(site, payload.path).lang)}</time>
            </p>
          ) : null}
        </footer>
        <Surround
          label={say('previousAndNext')}
          renderLink={renderPageLink}
          previous={previous ? { to: previous.path, title: previous.title, label: say('previous') } : undefined}
          next={next ? { to: next.path, title: next.title, label: say('next') } : undefined}
        />
      </main>
      <aside className="docs-aside">{body ? <TableOfContents toc={body.toc} title={say('onThisPage')} /> : null}</aside>
    </div>
  )
})
