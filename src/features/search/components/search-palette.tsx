import { useQuery } from '@tanstack/react-query'
import { Command } from 'cmdk'
import { memo, startTransition, useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'

import { Icon } from '@/components/ui/icon'
import { site } from '@/config/site'
import { readingOrder } from '@/contract/content/reading-order'
import { labelIn, localeOf, uiString } from '@/contract/locales'
import { paths } from '@/contract/paths'
import { type RankedResult, type SearchItem, snippet } from '@/contract/search-engine'
import { isRouteOn } from '@/contract/sections'
import type { UiString } from '@/contract/ui-strings'
import { docsCollectionOf, versionOf } from '@/lib/content/docs-versions'
import { navigationQuery } from '@/lib/content/index'
import { isOffline } from '@/lib/kept-fetch'
import { fillIn } from '@/lib/ui-words'

import { allLanguagesItemsQuery, allLanguagesSource, editionsOf, labelOf, langOf } from '../all-languages'
import { searchItemsQuery, searchSource } from '../api'
import { askAiEnabled, openAskAi } from '../ask-ai'
import { highlightParts } from '../ranking'
import { useRecentSearches } from '../recent-searches'
import { searchClient, type SearchSource } from '../search-client'
import { usePalette } from '../store'

import './search.css'
import './search-palette.css'

const ASK_AI = 'ask-ai'
/** The palette's entry for the page on connecting an editor to the docs over MCP. */
const MCP_PAGE = 'mcp-page'
const NO_RESULTS: RankedResult[] = []
const NOTHING_WAITING: ReadonlySet<string> = new Set()
/**
 * Results drawn, and whose snippets are asked for, first: about as many as the list
 * shows before a reader scrolls. The others are drawn in the next render, after the
 * frame, and their snippets asked for when the list is scrolled near them (`SNIPPETS_AHEAD`):
 * each is a file of the version's index, and most queries are answered by the first few.
 */
const SHOWN_FIRST = 10
/** How far below the list's visible part (of its height) a result's snippet is asked for. */
const SNIPPETS_AHEAD = '0px 0px 25% 0px'

/** A query's results, as shown (searched in all languages or not), and the docs sections among them whose snippets are on their way. */
interface Answer {
  query: string
  all: boolean
  results: RankedResult[]
  waiting: ReadonlySet<string>
  /** Those of `waiting` past the first results, asked for when the list comes near them. */
  later: ReadonlySet<string>
}

/** The index a docs section's text is read from: its edition's (the page's own, or another language's). */
const indexOf = (source: SearchSource, item: SearchItem) => (item.locale ? source.translations?.find((t) => t.locale === item.locale)?.url : source.docs?.url)

/** The texts of docs sections by id, each asked of its edition's index; a chunk that cannot be loaded leaves its sections out (their snippet lines go). */
async function textsOf(source: SearchSource, items: readonly SearchItem[]): Promise<Record<string, string>> {
  const byIndex = new Map<string, string[]>()
  for (const item of items) {
    const docs = indexOf(source, item) ?? ''
    byIndex.set(docs, [...(byIndex.get(docs) ?? []), item.id])
  }
  const told = await Promise.all([...byIndex].map(([docs, ids]) => searchClient.texts(docs, ids).catch((): Record<string, string> => ({}))))
  return Object.assign({}, ...told)
}

/** SPEC's extra links, but for those of switched-off sections (sections in site.config.ts). */
const ALL_LINKS: { id: string; label: UiString; icon: string; to: string }[] = [
  { id: 'team', label: 'searchLinkTeam', icon: 'i-lucide-users', to: paths.team() },
  { id: 'design-kit', label: 'searchLinkDesignKit', icon: 'i-lucide-palette', to: paths.designKit() },
  { id: 'newsletter', label: 'searchLinkNewsletter', icon: 'i-lucide-mail', to: paths.newsletter() },
]
const EXTRA_LINKS = ALL_LINKS.filter((link) => isRouteOn(site.sections, link.to))

/** Results in groups by kind, the groups in the order of their best result. */
function groupResults(results: readonly RankedResult[]): [SearchItem['kind'], RankedResult[]][] {
  const groups = new Map<SearchItem['kind'], RankedResult[]>()
  for (const result of results) {
    const group = groups.get(result.item.kind)
    if (group) group.push(result)
    else groups.set(result.item.kind, [result])
  }
  return [...groups]
}

/** One quiet line for the groups whose data could not be loaded: `Blog and Hosting results are not available offline`. */
function missingLine(labels: readonly string[]): string {
  const names = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : (labels[0] ?? '')
  const offline = isOffline()
  return `${names} results ${offline ? 'are not available offline' : 'could not be loaded'}`
}

/** Text with the words the query matched marked (drawn again only for another text or answer, not for each letter typed). */
const Marked = memo(function Marked({ text, terms }: { text: string; terms: readonly string[] }) {
  return <>{highlightParts(text, terms).map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : part.text))}</>
})

/** A section's text cut around its first match, marked. */
const Snippet = memo(function Snippet({ content, terms }: { content: string; terms: readonly string[] }) {
  return (
    <span className="search-snippet">
      <Marked text={snippet(content, terms)} terms={terms} />
    </span>
  )
})

/** cmdk scores each option against the input even when it does not filter (shouldFilter off): the ranking is the search worker's. */
const UNSCORED = () => 1

export interface PaletteProps {
  /** What was typed before the palette's code arrived: the palette goes on from there. */
  initialQuery: string
}

/**
 * The search palette (meta+K): cmdk's command menu, inside the UI kit's native modal
 * dialog that SearchDialog holds open (a new palette for each opening). Arrows move
 * through the options, Enter goes, Escape closes and gives focus back. With no query it
 * offers the extra links; a query is ranked by the search worker (cmdk's own filter is
 * off). (cmdk's own Command.Dialog locks scrolling by injecting <style> elements, which
 * the site's CSP refuses.)
 */
export default function SearchPalette({ initialQuery }: PaletteProps) {
  const open = usePalette((s) => s.open)
  const setOpen = usePalette((s) => s.setOpen)
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const version = versionOf(pathname)
  const versionPath = version?.path ?? ''
  // In the words of the page's language (site.config `locales[].ui`).
  const locale = localeOf(site, pathname).code
  const say = (key: UiString, values?: Readonly<Record<string, string>>) => fillIn(uiString(site, locale, key), values)
  // The page's language is searched; a switch, where the version is read in more than one, searches them all.
  const [everyLanguage, setEveryLanguage] = useState(false)
  const translated = useMemo(() => editionsOf(versionPath).length > 1, [versionPath])
  const all = translated && everyLanguage
  // What could not be loaded, to say so; the queries themselves do not wait for it (below).
  const { data, error } = useQuery({ ...(all ? allLanguagesItemsQuery(versionPath) : searchItemsQuery(versionPath)), enabled: open })
  const [query, setQuery] = useState(initialQuery)
  const trimmed = query.trim()
  // Ranked in the search worker (the version's prebuilt index, a few of its files loaded
  // for each new word, and the blog's and providers' items), asked at each letter: the
  // worker loads what the version searches with the first. The previous query's results
  // stay on screen until the next ones come, and Enter pressed in between waits for them (below).
  const [answer, setAnswer] = useState<Answer>({ query: '', all: false, results: [], waiting: NOTHING_WAITING, later: NOTHING_WAITING })
  const pendingEnter = useRef(false)
  /** Asks for the snippets of the answer's results past the first ones, once. */
  const tellRest = useRef<(() => Promise<void>) | undefined>(undefined)
  const list = useRef<HTMLDivElement>(null)
  useEffect(() => {
    pendingEnter.current = false
    if (!trimmed) return
    let live = true
    const answered = async () => {
      const source = await (all ? allLanguagesSource(versionPath) : searchSource(versionPath))
      const results = await searchClient.search(source, trimmed)
      if (!live) return
      // The results show at once; the snippets the answer came without follow, those of the first results first.
      const untold = results.flatMap((r) => (r.item.kind === 'docs' && !r.item.content && indexOf(source, r.item) ? [r.item] : []))
      const tell = async (batch: readonly SearchItem[]) => {
        const texts = await textsOf(source, batch)
        if (!live) return
        const ids = new Set(batch.map((item) => item.id))
        const told = (r: RankedResult) => (texts[r.item.id] ? { ...r, item: { ...r.item, content: texts[r.item.id] ?? '' } } : r)
        setAnswer((shown) =>
          shown.query === trimmed && shown.all === all ? { ...shown, results: shown.results.map(told), waiting: new Set([...shown.waiting].filter((id) => !ids.has(id))) } : shown,
        )
      }
      const rest = untold.slice(SHOWN_FIRST)
      // The rest when the list is scrolled near them (see the observer below).
      tellRest.current = rest.length ? () => tell(rest) : undefined
      setAnswer({ query: trimmed, all, results, waiting: new Set(untold.map((item) => item.id)), later: new Set(rest.map((item) => item.id)) })
      if (untold.length) await tell(untold.slice(0, SHOWN_FIRST))
    }
    answered().catch((failure: unknown) => {
      // Where even the main thread's search cannot load (its code out of reach): nothing matches, and the console says why.
      console.error('[site] search could not be loaded:', failure)
      if (live) setAnswer({ query: trimmed, all, results: [], waiting: NOTHING_WAITING, later: NOTHING_WAITING })
    })
    return () => {
      live = false
      tellRest.current = undefined
    }
  }, [versionPath, trimmed, all])
  const fresh = answer.query === trimmed && answer.all === all
  const results = trimmed ? answer.results : NO_RESULTS
  // A new answer draws its first results in the frame that shows it, the rest in a render of their own.
  const [drawnWhole, setDrawnWhole] = useState('')
  useEffect(() => startTransition(() => setDrawnWhole(answer.query)), [answer.query])
  const groups = useMemo(() => groupResults(drawnWhole === answer.query ? results : results.slice(0, SHOWN_FIRST)), [drawnWhole, answer.query, results])
  // The snippets past the first results, asked for when one of their lines comes near the
  // list's visible part (scrolled, or reached with the arrow keys), or at once where the
  // browser cannot tell.
  useEffect(() => {
    const ask = () => {
      const rest = tellRest.current
      tellRest.current = undefined
      rest?.().catch(() => undefined)
    }
    if (!tellRest.current) return
    const root = list.current
    if (typeof IntersectionObserver === 'undefined' || !root) return ask()
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && ask(), { root, rootMargin: SNIPPETS_AHEAD })
    const lines = root.querySelectorAll('[data-later]')
    lines.forEach((line) => observer.observe(line))
    return () => observer.disconnect()
  }, [groups])
  // A new query selects its best result (cmdk would keep the previous selection when it is still listed).
  const firstLink = askAiEnabled ? ASK_AI : (EXTRA_LINKS[0]?.id ?? '')
  const first = trimmed ? (groups[0]?.[1][0]?.item.id ?? (askAiEnabled ? ASK_AI : undefined)) : firstLink
  const [selected, setSelected] = useState<string>(firstLink)
  // Selected in the render that draws the answer: an effect would leave a frame in which the new
  // results show while the previous query's best is selected, and Enter pressed then went there.
  const selectFor = `${trimmed}\n${first ?? ''}`
  const [selectedFor, setSelectedFor] = useState(selectFor)
  if (selectedFor !== selectFor) {
    setSelectedFor(selectFor)
    setSelected(first ?? '')
  }

  useEffect(() => {
    if (error) console.error('[site] search could not be loaded:', error)
  }, [error])

  const recent = useRecentSearches((s) => s.recent)
  const remember = useRecentSearches((s) => s.remember)
  const go = (to: string) => {
    setOpen(false)
    navigate(to)
  }
  // A result followed from a query: the query is remembered for next time. Enter pressed
  // before the query's own results came goes to their first one, not to an earlier query's.
  const goTo = (to: string) => {
    if (!fresh) {
      pendingEnter.current = true
      return
    }
    remember(trimmed)
    go(to)
  }
  useEffect(() => {
    if (!fresh || !pendingEnter.current) return
    pendingEnter.current = false
    const best = answer.results[0]
    if (best) goTo(best.item.to)
    else if (askAiEnabled) ask()
  })
  // Whether the option being chosen was chosen with Enter (not a click), set on each key.
  const byEnter = useRef(false)
  const ask = () => {
    // Enter typed right after a query, before its answer, finds Ask AI selected only because
    // nothing else is listed yet: it waits for the answer, as a result's Enter does (goTo), and
    // asks the AI only when nothing matches. A click on Ask AI asks at once.
    if (byEnter.current && trimmed && !fresh) {
      pendingEnter.current = true
      return
    }
    setOpen(false)
    void openAskAi(trimmed)
  }
  // The Ask AI entry: with the query once there is one, and the disclaimer always beside it.
  const askItem = askAiEnabled ? (
    <Command.Item value={ASK_AI} className="search-option search-ask" onSelect={ask}>
      <Icon name="i-lucide-sparkles" />
      <span className="search-text">
        <span className="search-title">{trimmed ? say('askAiQuery', { query: trimmed }) : say('askAi')}</span>
        <span className="search-snippet">{labelIn(site, locale, site.askAi?.disclaimer ?? '')}</span>
      </span>
    </Command.Item>
  ) : null
  // Beside Ask AI, the way in for the reader's own editor: where the site's server answers MCP and the version has the page on it.
  const aiPage = version && site.hosting === 'server' ? paths.docsAi(version.original) : undefined
  const aiTreeOf = aiPage ? docsCollectionOf(version?.original ?? '') : undefined
  const { data: aiTree } = useQuery({ ...navigationQuery(aiTreeOf ?? 'docs'), enabled: aiTreeOf !== undefined && !trimmed })
  const mcpItem =
    aiPage && aiTree && readingOrder(aiTree).at.has(aiPage) ? (
      <Command.Item value={MCP_PAGE} className="search-option" onSelect={() => go(aiPage)}>
        <Icon name="i-lucide-bot" />
        <span className="search-text">
          <span className="search-title">{say('mcpInEditor')}</span>
          <span className="search-snippet">{say('mcpInEditorNote')}</span>
        </span>
      </Command.Item>
    ) : null
  const kindLabel = (kind: SearchItem['kind']) => (kind === 'hosting' ? say('searchGroupHosting') : kind === 'blog' ? say('searchGroupBlog') : (version?.shortTag ?? 'Docs'))
  const groupLabel = (kind: SearchItem['kind']) =>
    kind === 'hosting'
      ? say('searchGroupHosting')
      : kind === 'blog'
        ? say('searchGroupBlog')
        : say('searchGroupDocs', { version: version ? labelIn(site, locale, version.label) : '' }).trim()

  return (
    <>
      <Command
        label={say('searchLabel')}
        shouldFilter={false}
        filter={UNSCORED}
        value={selected}
        onValueChange={setSelected}
        onKeyDown={(event) => {
          byEnter.current = event.key === 'Enter'
        }}
        loop
        className="search-palette"
      >
        <div className="search-input-row">
          <Icon name="i-lucide-search" />
          <Command.Input data-autofocus className="search-input" value={query} onValueChange={setQuery} placeholder={say('searchPlaceholder')} />
          <button type="button" className="search-close" onClick={() => setOpen(false)}>
            <span aria-hidden="true">Esc</span>
            <span className="sr-only">{say('searchClose')}</span>
          </button>
        </div>
        <Command.List ref={list} className="search-results" label={trimmed ? say('searchResults') : say('searchLinks')}>
          {!trimmed ? (
            <>
              {recent.length ? (
                <Command.Group heading={say('searchRecent')}>
                  {recent.map((text) => (
                    <Command.Item key={text} value={`recent:${text}`} className="search-option" onSelect={() => setQuery(text)}>
                      <Icon name="i-lucide-history" />
                      <span>{text}</span>
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : null}
              {askItem || mcpItem || EXTRA_LINKS.length ? (
                <Command.Group heading={say('searchLinks')}>
                  {askItem}
                  {mcpItem}
                  {EXTRA_LINKS.map((link) => (
                    <Command.Item key={link.id} value={link.id} className="search-option" onSelect={() => go(link.to)}>
                      <Icon name={link.icon} />
                      <span>{say(link.label)}</span>
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : null}
            </>
          ) : (
            groups.map(([kind, group]) => (
              <Command.Group key={kind} heading={groupLabel(kind)}>
                {group.map(({ item, terms }) => (
                  <Command.Item key={item.id} value={item.id} className="search-option" onSelect={() => goTo(item.to)}>
                    <span className="search-kind">{kindLabel(item.kind)}</span>
                    {/* Another language's section says which language it is in, and is read out in it. */}
                    <span className="search-text" lang={item.locale ? langOf(item.locale) : undefined}>
                      <span className="search-title">
                        {item.titles.length ? <span className="search-path">{item.titles.join(' › ')} › </span> : null}
                        <Marked text={item.title} terms={terms} />
                        {item.locale ? <span className="search-language">{labelOf(item.locale)}</span> : null}
                      </span>
                      {item.content ? (
                        <Snippet content={item.content} terms={terms} />
                      ) : answer.waiting.has(item.id) ? (
                        // Its line kept while the snippet comes, so that the list does not move.
                        <span className="search-snippet" data-later={answer.later.has(item.id) ? '' : undefined} />
                      ) : null}
                    </span>
                  </Command.Item>
                ))}
              </Command.Group>
            ))
          )}
          {trimmed && askItem ? <Command.Group heading={say('askAi')}>{askItem}</Command.Group> : null}
          {trimmed && fresh && !results.length ? <p className="search-empty">{say('noMatchingData')}</p> : null}
          {/* Until the query's answer has come (the index, or the part of it this query needs): never an empty list that reads as "no results". */}
          {trimmed && !fresh && !results.length ? <Command.Loading className="search-empty">{say('searchLoading')}</Command.Loading> : null}
          {data?.missing.length ? <p className="search-missing">{missingLine(data.missing)}</p> : null}
        </Command.List>
      </Command>
      {/* Outside the command menu, whose Enter and arrows would choose a result instead. */}
      {translated ? (
        <div className="search-footer">
          <button type="button" role="switch" aria-checked={everyLanguage} className="search-switch" onClick={() => setEveryLanguage(!everyLanguage)}>
            <span className="search-switch-track" aria-hidden="true" />
            {say('searchAllLanguages')}
          </button>
        </div>
      ) : null}
    </>
  )
}
