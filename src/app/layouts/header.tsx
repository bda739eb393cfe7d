import { useId, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'

import { AppLink } from '@/components/ui/app-link'
import { BrandIcon } from '@/components/ui/brand-icon'
import { Icon } from '@/components/ui/icon'
import { ChevronDownIcon, ExternalIcon, MenuIcon, MoonIcon, StarIcon, SunIcon } from '@/components/ui/icons'
import { Drawer, Modal, SlideOver } from '@/components/ui/overlay/dialog'
import { useToasts } from '@/components/ui/toasts/store'
import { site } from '@/config/site'
import { isExternal } from '@/contract/links'
import { localeOf, uiString, unlocalizedPath } from '@/contract/locales'
import { menusOn } from '@/contract/sections'
import { languageSwitchTarget, versionSwitchTarget } from '@/features/docs'
import { SearchLauncher } from '@/features/search'
import { useColorMode } from '@/lib/color-mode'
import { editions, isInside, versionOf } from '@/lib/content/docs-versions'
import { compactNumber } from '@/lib/format'
import { majorMinor, useStats } from '@/lib/stats'
import { labelsFor, type Say, useWords } from '@/lib/ui-words'

import { LogoMenu } from './logo-menu'
import { menuTarget } from './menu-target'

type Menu = (typeof site.header.menus)[number]
type MenuLink = NonNullable<Menu['children']>[number]

/** The menus without links to switched-off sections (sections in site.config.ts), so a team switches a section off in one place. */
const menus = menusOn(site.header.menus, site.sections)

function MenuItem({ link, pathname }: { link: MenuLink; pathname: string }) {
  const label = labelsFor(pathname)
  // Docs menu entries are written unversioned; they follow the version being read, and the blog the page's language.
  const to = menuTarget(link.to, pathname)
  const content = (
    <>
      <span className="menu-link-label">
        {link.icon ? <Icon name={link.icon} /> : null}
        {label(link.label) || 'Missing link'}
        {isExternal(to) ? <ExternalIcon size={14} /> : null}
      </span>
      {link.description ? <span className="menu-link-description">{label(link.description)}</span> : null}
    </>
  )
  return (
    <li>
      {isExternal(to) ? (
        <a href={to} target={link.target ?? '_blank'} rel="noopener noreferrer" className="menu-link">
          {content}
        </a>
      ) : (
        <AppLink to={to} className="menu-link" aria-current={isInside(pathname, to) ? 'page' : undefined}>
          {content}
        </AppLink>
      )}
    </li>
  )
}

/**
 * A header menu as a disclosure: a button that opens its list of links. Enter or
 * Space opens it, Tab walks its links, Escape closes it and returns focus to the
 * button; it closes when focus leaves it and on every route change.
 */
function MenuDisclosure({ menu, links, pathname }: { menu: Menu; links: MenuLink[]; pathname: string }) {
  // Open for the page it was opened on, so a route change closes it without an extra render.
  const [openFor, setOpenFor] = useState<string | null>(null)
  const open = openFor === pathname
  const setOpen = (next: boolean) => setOpenFor(next ? pathname : null)
  const id = useId()
  const button = useRef<HTMLButtonElement>(null)
  const label = labelsFor(pathname)
  return (
    // The list item only hears what bubbles from its button and links: Escape, and focus leaving the menu.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li
      className="nav-disclosure"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false)
          button.current?.focus()
        }
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false)
      }}
    >
      <button ref={button} type="button" className="nav-item" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {label(menu.label)}
        <ChevronDownIcon size={14} />
      </button>
      <ul id={id} hidden={!open} aria-label={label(menu.label)} className="nav-panel">
        {links.map((link) => (
          <MenuItem key={link.label} link={link} pathname={pathname} />
        ))}
      </ul>
    </li>
  )
}

function ColorModeToggle({ say }: { say: Say }) {
  const { preference, forced, toggle } = useColorMode()
  if (forced) return null
  // A toggle button: its name stays, its pressed state says which mode is on.
  return (
    <button type="button" className="icon-button" onClick={toggle} aria-pressed={preference === 'dark'} aria-label={say('darkMode')} title={say('darkMode')}>
      {preference === 'dark' ? <MoonIcon /> : <SunIcon />}
    </button>
  )
}

/** The latest release as major.minor, linking to the release notes. */
function ReleaseBadge({ say }: { say: Say }) {
  const stats = useStats()
  if (!stats) return null
  return (
    <a className="badge badge-outline" href={`https://github.com/${site.brand.repo}/releases`} target="_blank" rel="noopener noreferrer">
      <span className="sr-only">{say('latestRelease')} </span>v{majorMinor(stats.version)}
    </a>
  )
}

/** The repository's stars in compact form, '...' while loading. */
function GitHubStars({ say }: { say: Say }) {
  const stats = useStats()
  const stars = stats ? compactNumber(stats.stars) : '...'
  return (
    <a className="header-stars" href={`https://github.com/${site.brand.repo}`} target="_blank" rel="noopener noreferrer">
      <StarIcon size={16} />
      <span className="sr-only">{say('gitHubStars')} </span>
      {stars}
    </a>
  )
}

function VersionSelect({ pathname, idPrefix, say }: { pathname: string; idPrefix: string; say: Say }) {
  const navigate = useNavigate()
  const version = versionOf(pathname)
  if (!version) return null
  return (
    <label className="version-select" htmlFor={`${idPrefix}-version`}>
      <span className="badge" data-color={version.tagColor}>
        {version.shortTag}
      </span>
      <span className="sr-only">{say('docsVersion')}</span>
      <select id={`${idPrefix}-version`} value={version.path} onChange={(event) => void versionSwitchTarget(pathname, event.target.value).then((to) => navigate(to))}>
        {editions
          .filter((v) => v.locale === version.locale)
          .map((v) => (
            <option key={v.path} value={v.path}>
              {labelsFor(pathname)(v.label)} ({v.tag})
            </option>
          ))}
      </select>
    </label>
  )
}

/**
 * The languages the site is read in (site.config `locales`), each named in its own
 * language: the same page in the language chosen, or its nearest page there with a
 * one-line notice in that language. Only where the site has more than one.
 */
function LanguageSelect({ pathname, idPrefix }: { pathname: string; idPrefix: string }) {
  const navigate = useNavigate()
  const toast = useToasts((s) => s.add)
  if (site.locales.length < 2) return null
  const current = localeOf(site, pathname)
  const choose = async (code: string) => {
    const { path, exact } = await languageSwitchTarget(pathname, code)
    await navigate(path)
    if (!exact) toast({ title: uiString(site, code, 'notTranslated'), color: 'info' })
  }
  return (
    <label className="language-select" htmlFor={`${idPrefix}-language`}>
      <span className="sr-only">{uiString(site, current.code, 'language')}</span>
      <select id={`${idPrefix}-language`} value={current.code} onChange={(event) => void choose(event.target.value)}>
        {site.locales.map((locale) => (
          <option key={locale.code} value={locale.code} lang={locale.lang}>
            {locale.label}
          </option>
        ))}
      </select>
    </label>
  )
}

/** Small screens: every menu in a modal, slide-over or drawer (site.config), closed on route change. */
function MobileMenu({
  open,
  onOpenChange,
  pathname,
  visible,
  say,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  pathname: string
  visible: (link: MenuLink) => boolean
  say: Say
}) {
  const inDocs = isInside(unlocalizedPath(site, pathname), '/docs')
  const props = { open, onOpenChange, title: say('menu'), closeLabel: say('close'), className: 'mobile-menu' }
  const body = (
    <nav aria-label="Mobile">
      {inDocs ? <VersionSelect pathname={pathname} idPrefix="mobile" say={say} /> : null}
      <LanguageSelect pathname={pathname} idPrefix="mobile" />
      {menus.map((menu) =>
        menu.children ? (
          <section key={menu.label} className="mobile-menu-section">
            <h3>{labelsFor(pathname)(menu.label)}</h3>
            <ul>
              {menu.children.filter(visible).map((link) => (
                <MenuItem key={link.label} link={link} pathname={pathname} />
              ))}
            </ul>
          </section>
        ) : menu.to ? (
          <AppLink
            key={menu.label}
            to={menuTarget(menu.to, pathname)}
            className="mobile-menu-top"
            aria-current={isInside(pathname, menuTarget(menu.to, pathname)) ? 'page' : undefined}
          >
            {labelsFor(pathname)(menu.label)}
          </AppLink>
        ) : null,
      )}
    </nav>
  )
  const mode = site.header.mobileMenu
  if (mode === 'drawer') return <Drawer {...props}>{body}</Drawer>
  if (mode === 'slideover') return <SlideOver {...props}>{body}</SlideOver>
  return <Modal {...props}>{body}</Modal>
}

export function Header() {
  const { pathname } = useLocation()
  const [menuFor, setMenuFor] = useState<string | null>(null)
  const menuOpen = menuFor === pathname
  const setMenuOpen = (open: boolean) => setMenuFor(open ? pathname : null)
  const inDocs = isInside(unlocalizedPath(site, pathname), '/docs')
  // The header's own words in the page's language (site.config `locales[].ui`), its menus' in `locales[].labels`.
  const say = useWords()
  // Bridge and migration entries only show to readers already inside them.
  const visible = (link: MenuLink) => !/\/docs\/(bridge|migration)$/.test(link.to) || pathname.includes(link.to.replace('/docs', ''))
  return (
    <header className="site-header">
      <a href="#main" className="skip-link">
        {say('skipToContent')}
      </a>
      <div className="container header-inner">
        <div className="header-left">
          <LogoMenu>
            {(openMenu) => (
              <AppLink
                to="/"
                className="logo"
                aria-label={`${site.brand.name} home`}
                onContextMenu={(event) => {
                  event.preventDefault()
                  const box = event.currentTarget.getBoundingClientRect()
                  // The context-menu key reports no pointer position: open under the logo.
                  openMenu(event.clientX || event.clientY ? { x: event.clientX, y: event.clientY } : { x: box.left, y: box.bottom + 4 })
                }}
              >
                <BrandIcon />
                <span>{site.brand.name}</span>
              </AppLink>
            )}
          </LogoMenu>
          <ReleaseBadge say={say} />
        </div>
        <nav aria-label="Main" className="header-nav">
          <ul>
            {menus.map((menu) =>
              menu.children ? (
                <MenuDisclosure key={menu.label} menu={menu} links={menu.children.filter(visible)} pathname={pathname} />
              ) : (
                <li key={menu.label}>
                  {menu.to ? (
                    <AppLink to={menuTarget(menu.to, pathname)} className="nav-item" aria-current={isInside(pathname, menuTarget(menu.to, pathname)) ? 'page' : undefined}>
                      {labelsFor(pathname)(menu.label)}
                    </AppLink>
                  ) : (
                    labelsFor(pathname)(menu.label)
                  )}
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="header-right">
          <SearchLauncher />
          {inDocs ? <VersionSelect pathname={pathname} idPrefix="header" say={say} /> : null}
          <LanguageSelect pathname={pathname} idPrefix="header" />
          <GitHubStars say={say} />
          <ColorModeToggle say={say} />
          <button type="button" className="icon-button header-menu-toggle" aria-label={say('openMenu')} aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
            <MenuIcon />
          </button>
        </div>
      </div>
      <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} pathname={pathname} visible={visible} say={say} />
    </header>
  )
}
