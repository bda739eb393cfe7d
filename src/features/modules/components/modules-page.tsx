import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { type Ref, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'

import { ListingPage } from '@/components/content/listing-page'
import { ModuleCard } from '@/components/content/module-card'
import { Button } from '@/components/ui/button/button'
import { ChipGroup } from '@/components/ui/chip-group/chip-group'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { Input, Select } from '@/components/ui/field/field'
import { Grid, gridClass, GridItem } from '@/components/ui/grid/grid'
import { LoadMore } from '@/components/ui/pagination/load-more'
import { CardSkeleton } from '@/components/ui/skeleton/skeleton'
import { moduleCategories } from '@/contract/content/categories'
import { filtersKey, MAX_QUERY_LENGTH, type ModuleFilters, moduleSorts } from '@/contract/content/module-filters'
import { useAfterPaint } from '@/lib/after-paint'
import { whenIdle } from '@/lib/idle'
import { queryClient } from '@/lib/query-client'

import { categoryCounts, defaultListOf, moduleCountsQuery, type ModuleListItem, moduleSearchQuery, modulesQuery, warmModuleFilters } from '../api'
import { useModuleFilters } from '../use-module-filters'
import { usePlacesInView } from '../use-places-in-view'

import './modules.css'

/** Cards drawn at first, and added each time the end of the list comes into view. */
export const MODULES_BATCH = 60
/**
 * The cards whose icons load at once (a screenful at 1440 × 900, four rows of three, and
 * whole rows at one, two or three columns), and the cards a new list draws with its
 * answer before the grid has been measured.
 */
export const MODULES_FIRST_SCREEN = 12

/**
 * /modules: the module directory. Categories (with counts), a text filter and a sort
 * live in the URL query, so reload, back and a shared link keep them; typing replaces
 * the history entry (debounced), a category or a sort adds one. Each state is one SQL
 * query on the modules collection in the browser (filters.ts): the list follows every
 * keystroke, and the previous list stays on screen while the next one is read. The
 * first visit's list (no filter) and the category counts come with the page's payload,
 * so they are drawn at once, in the build's prerender too (api.ts `defaultListOf`).
 */
export function ModulesPage() {
  const listing = useSuspenseQuery(modulesQuery()).data
  if (!listing) return null
  return (
    <ListingPage header={listing.header} source={listing.source}>
      <ModuleDirectory modules={listing.items} />
    </ListingPage>
  )
}

/**
 * The filters and the list: what a filter change redraws (the page's hero and the
 * listing it comes from are outside it). The filter controls are drawn again only when
 * what they show changes.
 */
function ModuleDirectory({ modules }: { modules: readonly ModuleListItem[] }) {
  // The next list is asked for in the event itself; the filters change once it is ready.
  const [filters, update, listShown] = useModuleFilters(prefetchList)
  const stateKey = filtersKey(filters)
  const [shown, setShown] = useState(MODULES_BATCH)
  const [shownFor, setShownFor] = useState(stateKey)
  if (shownFor !== stateKey) {
    setShownFor(stateKey)
    setShown(MODULES_BATCH)
  }
  // The first list and the counts come with the page (a later list is asked of the database).
  const { data, isError, isPlaceholderData } = useQuery({
    ...moduleSearchQuery(filters, shown),
    initialData: () => defaultListOf(modules, filters, shown),
    placeholderData: keepPreviousData,
  })
  const { data: counts } = useQuery({ ...moduleCountsQuery(), initialData: () => categoryCounts(modules) })
  // The cards by name, from the payload: a list is names, and a card drawn before is the same object (and the same DOM).
  const byName = useMemo(() => new Map(modules.map((module) => [module.name, module])), [modules])
  const settled = Boolean(data) && !isPlaceholderData
  const total = data?.total ?? 0
  // A new list (other filters) is drawn first in the places the window shows (counted from
  // the grid as last painted and the scroll position, so read as the list arrives), the
  // rest of its batch once that is painted, in a render React may interrupt: neither the
  // paint nor the next keystroke waits behind cards below the fold. More of the same list
  // (the next batch on scroll) is drawn whole. The grid's places are reused: a new list
  // changes the text and links of the cards already there (far less work than making new
  // ones), and the previous list's cards after it stay, hidden, until the rest of the
  // batch replaces them.
  const { grid, placesInView, remeasure } = usePlacesInView(MODULES_FIRST_SCREEN)
  const drawn = useAfterPaint(data)
  const complete = !data || drawn?.key === data.key
  const cardsOf = useCallback((names: readonly string[]) => names.flatMap((name) => byName.get(name) ?? []), [byName])
  const slots = useMemo(() => {
    if (!data) return undefined
    const next = cardsOf(complete ? data.names : data.names.slice(0, placesInView())).map((module) => ({ module, hidden: false }))
    const rest = complete || !drawn ? [] : cardsOf(drawn.names.slice(next.length)).map((module) => ({ module, hidden: true }))
    return [...next, ...rest]
  }, [data, complete, drawn, cardsOf, placesInView])
  // The URL catches up once the whole batch is drawn (its navigation re-renders the page),
  // and the grid is measured again once that is painted.
  const drawnWhole = settled && complete
  useEffect(() => {
    if (!drawnWhole) return
    listShown()
    return remeasure()
  }, [drawnWhole, stateKey, listShown, remeasure])
  // Once the first list is drawn, an idle moment runs a text filter (warmModuleFilters).
  const warmed = useRef(false)
  useEffect(() => {
    if (!drawnWhole || warmed.current) return
    warmed.current = true
    whenIdle(() => void warmModuleFilters().catch(() => undefined))
  }, [drawnWhole])
  const filtered = Boolean(filters.category || filters.q.trim() || filters.sortBy || filters.orderBy)
  const chips = useMemo(() => moduleCategories.map((category) => ({ value: category, label: category, count: counts?.[category] ?? 0 })), [counts])
  const { q, sortBy, orderBy, category } = filters
  const toolbar = useMemo(
    () => (
      <search className="modules-toolbar" aria-label="Filter modules">
        <SearchBox value={q} onChange={(next) => update({ q: next })} />
        <SortSelect value={sortBy} onChange={(next) => update({ sortBy: next })} />
        <Button
          variant="outline"
          icon={orderBy === 'asc' ? 'i-lucide-arrow-up-narrow-wide' : 'i-lucide-arrow-down-wide-narrow'}
          onClick={() => update({ orderBy: orderBy === 'asc' ? 'desc' : 'asc' })}
          aria-label={orderBy === 'asc' ? 'Ascending order: switch to descending' : 'Descending order: switch to ascending'}
        >
          {orderBy === 'asc' ? 'Ascending' : 'Descending'}
        </Button>
      </search>
    ),
    [q, sortBy, orderBy, update],
  )
  const categories = useMemo(
    () => <ChipGroup label="Categories" chips={chips} value={category} onChange={(next) => update({ category: next as ModuleFilters['category'] })} />,
    [chips, category, update],
  )

  return (
    <>
      {toolbar}
      {categories}
      <div className="modules-summary">
        <h2 aria-live="polite">{slots ? `${total} ${total === 1 ? 'module' : 'modules'}` : 'Loading modules…'}</h2>
        {filtered ? (
          <Button variant="ghost" size="sm" icon="i-lucide-x" onClick={() => update({ q: '', category: undefined, sortBy: undefined, orderBy: undefined })}>
            Clear filters
          </Button>
        ) : null}
      </div>
      {/* Which filters the list shows, and whether the next list is still being read (tests and the bench wait on these). */}
      <div className="modules-results" data-filters={stateKey} aria-busy={!slots || isPlaceholderData} data-complete={complete}>
        {isError ? (
          <EmptyState icon="i-lucide-triangle-alert" title="The modules could not be loaded" description="Check your connection and reload the page." />
        ) : !slots ? (
          <div className={gridClass({ columns: 3 })} aria-busy="true">
            {Array.from({ length: 6 }, (_, i) => (
              <CardSkeleton key={i} />
            ))}
          </div>
        ) : total ? (
          <>
            <ModuleGrid slots={slots} grid={grid} />
            <MoreOnScroll shown={shown} total={total} onMore={() => setShown((n) => n + MODULES_BATCH)} watch={drawnWhole} />
          </>
        ) : (
          <EmptyState title="No matching data" description="No module matches these filters. Try another word or category." />
        )}
      </div>
    </>
  )
}

/**
 * The cards, keyed by place rather than by module on purpose: a new list reuses the
 * elements of the last one (a card whose module changed is redrawn in place; one that
 * did not is skipped, see ModuleCard), and places past the new list's end go.
 */
function ModuleGrid({ slots, grid }: { slots: { module: ModuleListItem; hidden: boolean }[]; grid: Ref<HTMLUListElement> }) {
  return (
    <Grid label="Modules" ref={grid}>
      {slots.map(({ module, hidden }, place) => (
        <GridItem key={place} hidden={hidden}>
          <ModuleCard module={module} eager={place < MODULES_FIRST_SCREEN} />
        </GridItem>
      ))}
    </Grid>
  )
}

function prefetchList(next: ModuleFilters) {
  return queryClient.prefetchQuery(moduleSearchQuery(next, MODULES_BATCH))
}

/**
 * A form control the reader sets, left uncontrolled: a keystroke or a choice redraws
 * nothing before its list is ready (the filters change with the list, see
 * useModuleFilters), so the browser's frame for the typed letter is the control's alone.
 * When the filters change from elsewhere (back, "Clear filters") the control is set to
 * them; filters set from the control already match it.
 */
function useFollowing<T extends HTMLInputElement | HTMLSelectElement>(value: string) {
  const control = useRef<T>(null)
  useLayoutEffect(() => {
    const element = control.current
    if (element && element.value !== value) element.value = value
  }, [value])
  return control
}

function SearchBox({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const control = useFollowing<HTMLInputElement>(value)
  return (
    <Input
      ref={control}
      label="Search modules"
      hideLabel
      type="search"
      placeholder="Search modules"
      defaultValue={value}
      maxLength={MAX_QUERY_LENGTH}
      onChange={(event) => onChange(event.target.value)}
      className="modules-search"
    />
  )
}

function SortSelect({ value, onChange }: { value: ModuleFilters['sortBy']; onChange: (sortBy: ModuleFilters['sortBy']) => void }) {
  const control = useFollowing<HTMLSelectElement>(value ?? '')
  return (
    <Select
      ref={control}
      label="Sort by"
      hideLabel
      defaultValue={value ?? ''}
      options={sortOptions}
      onChange={(event) => onChange((event.target.value || undefined) as ModuleFilters['sortBy'])}
    />
  )
}
const sortOptions = [{ value: '', label: 'Sponsors & official first' }, ...moduleSorts]

/**
 * "Show more", pressed by itself when it scrolls into view (the button stays for
 * keyboards). It watches only once the batch it follows is drawn (`watch`): right after
 * a first screenful it sits near the top, and would ask for batch after batch.
 */
function MoreOnScroll({ shown, total, onMore, watch }: { shown: number; total: number; onMore: () => void; watch: boolean }) {
  const sentinel = useRef<HTMLDivElement>(null)
  const more = useRef(onMore)
  more.current = onMore
  useEffect(() => {
    const element = sentinel.current
    if (!element || !watch || shown >= total || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more.current(), { rootMargin: '600px 0px' })
    observer.observe(element)
    return () => observer.disconnect()
  }, [shown, total, watch])
  return (
    <div ref={sentinel}>
      <LoadMore shown={shown} total={total} onMore={onMore} label="Show more modules" />
    </div>
  )
}
