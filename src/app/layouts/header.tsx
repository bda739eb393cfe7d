import { Link, useLocation, useNavigate } from 'react-router-dom'

import { site } from '../../config/site'

type Menu = (typeof site.header.menus)[number]
type MenuLink = NonNullable<Menu['children']>[number]

/** The docs version of a path: 3 under its own prefix, otherwise the first (4). */
export function versionOf(pathname: string) {
  const versions = site.docs.versions
  return versions.find((v) => pathname === v.path || pathname.startsWith(`${v.path}/`)) ?? versions[0]
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
          {site.header.menus.map((menu) => (
            <li key={menu.label}>
              {menu.to ? <Link to={menu.to}>{menu.label}</Link> : <span>{menu.label}</span>}
              {menu.children ? (
                <ul aria-label={menu.label}>
                  {menu.children.filter(visible).map((link) => (
                    <MenuItem key={link.label} link={link} pathname={pathname} />
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
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
    </header>
  )
}
