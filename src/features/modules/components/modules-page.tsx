import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'

import { ListingPage } from '../../../components/content/listing-page'
import { Button } from '../../../components/ui/button/button'
import { ChipGroup } from '../../../components/ui/chip-group/chip-group'
import { EmptyState } from '../../../components/ui/empty-state/empty-state'
import { Input, Select } from '../../../components/ui/field/field'
import { Grid, GridItem } from '../../../components/ui/grid/grid'
import { LoadMore } from '../../../components/ui/pagination/load-more'
import { CardSkeleton } from '../../../components/ui/skeleton/skeleton'
import { moduleCategories } from '../../../lib/content/categories'
import { moduleCountsQuery, moduleSearchQuery, modulesQuery } from '../api'
import { MAX_QUERY_LENGTH, moduleSorts, readFilters, writeFilters, type ModuleFilters } from '../filters'
import { ModuleCard } from './module-card'
import './modules.css'

/** Cards drawn at first, and added each time the end of the list comes into view. */
export const MODULES_BATCH = 60
/** The URL follows the search box this long after the last keystroke (the list follows at once). */
export const URL_DEBOUNCE_MS = 250

/**
 * /modules: the module directory. Categories (with counts), a text filter and a sort
 * live in the URL query, so reload, back and a shared link keep them; typing replaces
 * the history entry (debounced), a category or a sort adds one. Each state is one SQL
 * query on the modules collection in the browser (filters.ts): the list follows every
 * keystroke, and the previous list stays on screen while the next one is read.
 */
export function ModulesPage() {
  const listing = useSuspenseQuery(modulesQuery()).data
  const [params, setParams] = useSearchParams()
  const filters = useMemo(() => readFilters(params), [params])
  const [text, setText] = useState(filters.q)
  const written = useRef(filters.q)

  // Back, forward or a link changed the query: the box follows.
  useEffect(() => {
    if (filters.q !== written.current) {
      written.current = filters.q
      setText(filters.q)
    }
  }, [filters.q])
  // The box changed: the URL follows once typing pauses, in place.
  useEffect(() => {
    if (text === written.current) return
    const timer = setTimeout(() => {
      written.current = text
      setParams((current) => writeFilters({ ...readFilters(current), q: text }, current), { replace: true, preventScrollReset: true })
    }, URL_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, setParams])

  const live: ModuleFilters = { ...filters, q: text }
  const { data: modules, isError } = useQuery({ ...moduleSearchQuery(live), placeholderData: keepPreviousData })
  const { data: counts } = useQuery(moduleCountsQuery())
  const [shown, setShown] = useState(MODULES_BATCH)
  const stateKey = `${live.category}|${live.q}|${live.sortBy}|${live.orderBy}`
  const [shownFor, setShownFor] = useState(stateKey)
  if (shownFor !== stateKey) {
    setShownFor(stateKey)
    setShown(MODULES_BATCH)
  }

  const change = (next: Partial<ModuleFilters>) => setParams((current) => writeFilters({ ...readFilters(current), q: text, ...next }, current), { preventScrollReset: true })
  const filtered = Boolean(live.category || live.q.trim() || live.sortBy || live.orderBy)
  const total = modules?.length ?? 0

  if (!listing) return null
  return (
    <ListingPage header={listing.header} source={listing.source}>
      <search className="modules-toolbar" aria-label="Filter modules">
        <Input
          label="Search modules"
          hideLabel
          type="search"
          placeholder="Search modules"
          value={text}
          maxLength={MAX_QUERY_LENGTH}
          onChange={(event) => setText(event.target.value)}
          className="modules-search"
        />
        <Select
          label="Sort by"
          hideLabel
          value={live.sortBy ?? ''}
          options={[{ value: '', label: 'Sponsors & official first' }, ...moduleSorts]}
          onChange={(event) => change({ sortBy: (event.target.value || undefined) as ModuleFilters['sortBy'] })}
        />
        <Button
          variant="outline"
          icon={live.orderBy === 'asc' ? 'i-lucide-arrow-up-narrow-wide' : 'i-lucide-arrow-down-wide-narrow'}
          onClick={() => change({ orderBy: live.orderBy === 'asc' ? 'desc' : 'asc' })}
          aria-label={live.orderBy === 'asc' ? 'Ascending order: switch to descending' : 'Descending order: switch to ascending'}
        >
          {live.orderBy === 'asc' ? 'Ascending' : 'Descending'}
        </Button>
      </search>
      <ChipGroup
        label="Categories"
        chips={moduleCategories.map((category) => ({ value: category, label: category, count: counts?.[category] ?? 0 }))}
        value={live.category}
        onChange={(category) => change({ category: category as ModuleFilters['category'] })}
      />
      <div className="modules-summary">
        <p aria-live="polite">{modules ? `${total} ${total === 1 ? 'module' : 'modules'}` : 'Loading modules…'}</p>
        {filtered ? (
          <Button
            variant="ghost"
            size="sm"
            icon="i-lucide-x"
            onClick={() => {
              setText('')
              written.current = ''
              setParams((current) => writeFilters({ q: '' }, current), { preventScrollReset: true })
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </div>
      {isError ? (
        <EmptyState icon="i-lucide-triangle-alert" title="The modules could not be loaded" description="Check your connection and reload the page." />
      ) : !modules ? (
        <div className="ui-grid ui-grid-3" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <CardSkeleton key={i} />
          ))}
        </div>
      ) : total ? (
        <>
          <Grid label="Modules">
            {modules.slice(0, shown).map((module) => (
              <GridItem key={module.name}>
                <ModuleCard module={module} />
              </GridItem>
            ))}
          </Grid>
          <MoreOnScroll shown={shown} total={total} onMore={() => setShown((n) => n + MODULES_BATCH)} />
        </>
      ) : (
        <EmptyState title="No matching data" description="No module matches these filters. Try another word or category." />
      )}
    </ListingPage>
  )
}

/** "Show more", pressed by itself when it scrolls into view (the button stays for keyboards). */
function MoreOnScroll({ shown, total, onMore }: { shown: number; total: number; onMore: () => void }) {
  const sentinel = useRef<HTMLDivElement>(null)
  const more = useRef(onMore)
  more.current = onMore
  useEffect(() => {
    const element = sentinel.current
    if (!element || shown >= total || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more.current(), { rootMargin: '600px 0px' })
    observer.observe(element)
    return () => observer.disconnect()
  }, [shown, total])
  return (
    <div ref={sentinel}>
      <LoadMore shown={shown} total={total} onMore={onMore} label="Show more modules" />
    </div>
  )
}
