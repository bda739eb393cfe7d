import { useEffect, useLayoutEffect } from 'react'
import { useLocation } from 'react-router-dom'

import { site } from '../config/site'
import type { CollectionName } from '../contract/content/collection-types'
import { localeOf } from '../contract/locales'
import { routeTitle } from '../contract/title'
import { contentClient } from './content/index'
import { whenIdle } from './idle'

/** The document title for a page: '{title} · {brand}', or the tagline (on the home page too), as the build wrote it. */
export function usePageTitle(title: string | undefined) {
  const { pathname } = useLocation()
  useEffect(() => {
    document.title = routeTitle(pathname, title, site.brand)
  }, [pathname, title])
}

/**
 * Once a page is on screen, an idle moment loads its collection's database, so the
 * next pages come from it rather than from the network.
 */
export function useWarmCollection(collection: CollectionName | undefined) {
  useEffect(() => {
    if (!collection || contentClient.isReady(collection)) return
    whenIdle(() => void contentClient.warm(collection))
  }, [collection])
}

/** `<html lang dir>` for the locale of the page on screen (as the build wrote them), kept as the reader moves between languages. */
export function usePageLanguage() {
  const { pathname } = useLocation()
  useLayoutEffect(() => {
    const { lang, dir } = localeOf(site, pathname)
    document.documentElement.lang = lang
    document.documentElement.dir = dir
  }, [pathname])
}
