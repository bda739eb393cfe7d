import { useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'

import { site } from '../../config/site'
import { useColorMode } from '../../lib/color-mode'
import { isInside } from '../../lib/content/page'

type Menu = (typeof site.header.menus)[number]
type MenuLink = NonNullable<Menu['children']>[number]

/** The docs version of a path: 3 under its own prefix, otherwise the first (4). */
export function versionOf(pathname: string) {
  const versions = site.docs.versions
  return versions.find((v) => isInside(pathname, v.path)) ?? versions[0]
}

/** `/docs/4.x/guide/x` in another version: the same page under that version's prefix. */
export function switchVersion(pathname: string, target: string): string {
  const current = versionOf(pathname)
  if (!current) return target
  return target + pathname.slice(current.path.length)
}

function isExternal(to: string) {
  return /^https?:\/\//.test(to)
}

function MenuItem({ link, pathname }: { link: MenuLink; pathname: string }) {
  // Docs menu entries are written unversioned; they follow the version being read.
  const to = link.to.startsWith('/docs/') ? `${versionOf(pathname)?.path ?? '/docs'}${link.to.slice('/docs'.length)}` : link.to
  return (
    <li>
      {isExternal(to) ? (
        <a href={to} target={link.target ?? '_blank'} rel="noopener noreferrer">
          {link.label}
        </a>
      ) : (
        <Link to={to}>{link.label}</Link>
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
  const [open, setOpen] = useState(false)
  const id = useId()
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => setOpen(false), [pathname])
  return (
    <li
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
      <button ref={button} type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {menu.label}
      </button>
      <ul id={id} hidden={!open} aria-label={menu.label}>
        {links.map((link) => (
          <MenuItem key={link.label} link={link} pathname={pathname} />
        ))}
      </ul>
    </li>
  )
}

function ColorModeToggle() {
  const { preference, forced, toggle } = useColorMode()
  if (forced) return null
  // A toggle button: its name stays, its pressed state says which mode is on.
  return (
    <button type="button" onClick={toggle} aria-pressed={preference === 'dark'}>
      Dark mode
    </button>
  )
}

export function Header() {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const inDocs = pathname === '/docs' || pathname.startsWith('/docs/')
  const version = versionOf(pathname)
  // Bridge and migration entries only show to readers already inside them.
  const visible = (link: MenuLink) => !/\/docs\/(bridge|migration)$/.test(link.to) || pathname.includes(link.to.replace('/docs', ''))
  return (
    <header>
      <Link to="/" aria-label={`${site.brand.name} home`}>
        {site.brand.name}
      </Link>
      <nav aria-label="Main">
        <ul>
          {site.header.menus.map((menu) =>
            menu.children ? (
              <MenuDisclosure key={menu.label} menu={menu} links={menu.children.filter(visible)} pathname={pathname} />
            ) : (
              <li key={menu.label}>{menu.to ? <Link to={menu.to}>{menu.label}</Link> : menu.label}</li>
            ),
          )}
        </ul>
      </nav>
      {inDocs && version ? (
        <label>
          <span data-badge={version.tagColor}>{version.shortTag}</span> Docs version{' '}
          <select value={version.path} onChange={(event) => navigate(switchVersion(pathname, event.target.value))}>
            {site.docs.versions.map((v) => (
              <option key={v.path} value={v.path}>
                {v.label} ({v.tag})
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <ColorModeToggle />
    </header>
  )
}
