import { isExternal } from '../../src/contract/links'
import { isRouteOn } from '../../src/contract/sections'
import type { SiteConfig } from '../../src/contract/site-schema'
import type { LinkRef } from '../markdown/transform'

/** The file the site config's links are reported in, each by its config path. */
export const SITE_CONFIG_FILE = 'site.config.ts'

/**
 * The links and images `site.config.ts` puts on every page: the brand's logo and
 * icons, the header menus, the footer's columns and licence, the social links. Each
 * is named by its config path (`header.menus[0].children[2].to`). A header entry
 * written unversioned (`/docs/guide`) follows the version being read
 * (src/app/layouts/header.tsx), so it is checked in every docs version.
 * Entries of switched-off sections are left out, as the site leaves them out. Redirects
 * are checked apart (link-check.ts `checkRedirects`).
 */
export function configLinks(config: SiteConfig): LinkRef[] {
  const links: LinkRef[] = []
  const add = (url: string | undefined, field: string, kind: LinkRef['kind'] = 'link') => {
    if (!url || isExternal(url) || url.startsWith('#')) return
    // A link into a switched-off section is not drawn (src/contract/sections.ts `menusOn`, `columnsOn`).
    if (kind === 'link' && !isRouteOn(config.sections, url)) return
    links.push({ url, line: 0, kind, field })
  }
  const addMenuLink = (url: string | undefined, field: string) => {
    if (!url?.startsWith('/docs/')) return add(url, field)
    for (const version of config.docs.versions) add(version.path + url.slice('/docs'.length), field)
  }
  add(config.brand.logo, 'brand.logo', 'image')
  add(config.brand.icon.light, 'brand.icon.light', 'image')
  add(config.brand.icon.dark, 'brand.icon.dark', 'image')
  for (const [i, menu] of config.header.menus.entries()) {
    addMenuLink(menu.to, `header.menus[${i}].to`)
    for (const [j, child] of (menu.children ?? []).entries()) addMenuLink(child.to, `header.menus[${i}].children[${j}].to`)
  }
  for (const [i, column] of config.footer.columns.entries()) {
    for (const [j, child] of column.children.entries()) add(child.to, `footer.columns[${i}].children[${j}].to`)
  }
  add(config.footer.license.to, 'footer.license.to')
  for (const [i, link] of config.social.entries()) add(link.to, `social[${i}].to`)
  return links
}
