import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'

import { Modal } from '../ui/overlay/dialog'
import { Icon } from '../ui/icon'
import { paths } from '../../config/paths'
import { site } from '../../config/site'
import { docsVersions } from '../../app/docs-versions'
import { queryCollection, queryCollectionSearchSections } from '../../lib/content/index'
import { isInside } from '../../lib/content/page'
import { inScope, search, snippet, type SearchItem } from '../../lib/search'

interface Command {
  id: string
  label: string
  icon: string
  run: () => void
}

/**
 * Everything searchable from where the reader is: the docs version being read (or
 * the default one), blog posts and hosting providers. Loaded when the palette opens;
 * the version's sections load again when the version changes.
 */
function useSearchItems(versionPath: string, collection: string | undefined, open: boolean) {
  const [items, setItems] = useState<SearchItem[] | undefined>(undefined)
  useEffect(() => {
    if (!open || !collection) return
    let cancelled = false
    const docsCollection = docsVersions.find((v) => v.collection === collection)?.collection
    Promise.all([
      docsCollection ? queryCollectionSearchSections(docsCollection) : Promise.resolve([]),
      queryCollectionSearchSections('blog').catch((error: unknown) => {
        console.error('[fjord] blog search could not be loaded:', error)
        return []
      }),
      queryCollection('deploy').select('title', 'path', 'description').all(),
    ])
      .then(([docs, blog, hosting]) => {
        if (cancelled) return
        const sections: SearchItem[] = [...docs, ...blog]
          .filter((s) => inScope(s.id, versionPath))
          .map((s) => ({ ...s, kind: s.id.startsWith('/blog') ? 'blog' : 'docs', to: s.id }))
        const providers: SearchItem[] = hosting.map((p) => ({ id: p.path, title: p.title, titles: ['Hosting'], content: p.description, level: 1, kind: 'hosting', to: p.path }))
        setItems([...sections, ...providers])
      })
      .catch((error: unknown) => {
        console.error('[fjord] search could not be loaded:', error)
        if (!cancelled) setItems([])
      })
    return () => {
      cancelled = true
    }
  }, [open, collection, versionPath])
  return items
}

/**
 * The search palette (meta+K): a combobox over the results, arrow keys to move, Enter
 * to go, Escape to close. With an empty query it offers the extra links.
 */
export default function SearchPalette({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const version = site.docs.versions.find((v) => isInside(pathname, v.path)) ?? site.docs.versions[0]
  const items = useSearchItems(version?.path ?? '', version?.collection, open)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const listId = useId()
  const input = useRef<HTMLInputElement>(null)

  const go = (to: string) => {
    onOpenChange(false)
    navigate(to)
  }
  const commands: Command[] = [
    { id: 'team', label: 'Team', icon: 'i-lucide-users', run: () => go(paths.team()) },
    { id: 'design-kit', label: 'Design Kit', icon: 'i-lucide-palette', run: () => go(paths.designKit()) },
    { id: 'newsletter', label: 'Newsletter', icon: 'i-lucide-mail', run: () => go(paths.newsletter()) },
  ]
  const results = useMemo(() => (items && query.trim() ? search(items, query) : []), [items, query])
  const options = query.trim()
    ? results.map((r) => ({ id: r.item.id, run: () => go(r.item.to), result: r.item }))
    : commands.map((c) => ({ id: c.id, run: c.run, command: c }))

  useEffect(() => setActive(0), [query])
  useEffect(() => {
    if (open) {
      setQuery('')
      requestAnimationFrame(() => input.current?.focus())
    }
  }, [open])
  useEffect(() => {
    document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' })
  }, [active, listId])

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Search" className="search-palette">
      <div className="search-input-row">
        <Icon name="i-lucide-search" />
        <input
          ref={input}
          className="search-input"
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-activedescendant={options.length ? `${listId}-${active}` : undefined}
          aria-autocomplete="list"
          aria-label="Search the documentation"
          placeholder="Type a command or search..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault()
              if (options.length) setActive((active + (event.key === 'ArrowDown' ? 1 : -1) + options.length) % options.length)
            } else if (event.key === 'Enter') {
              event.preventDefault()
              options[active]?.run()
            }
          }}
        />
      </div>
      <ul id={listId} role="listbox" aria-label={query.trim() ? 'Results' : 'Links'} className="search-results">
        {options.map((option, i) => (
          <li
            key={option.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className="search-option"
            onMouseMove={() => setActive(i)}
            onClick={() => option.run()}
          >
            {'command' in option && option.command ? (
              <>
                <Icon name={option.command.icon} />
                <span>{option.command.label}</span>
              </>
            ) : 'result' in option && option.result ? (
              <>
                <span className="search-kind">{option.result.kind === 'hosting' ? 'Hosting' : option.result.kind === 'blog' ? 'Blog' : version?.shortTag}</span>
                <span className="search-text">
                  <span className="search-title">{[...option.result.titles, option.result.title].join(' › ')}</span>
                  {option.result.content ? <span className="search-snippet">{snippet(option.result.content, query)}</span> : null}
                </span>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {query.trim() && items && !results.length ? <p className="search-empty">No matching data</p> : null}
      {query.trim() && !items ? <p className="search-empty">Loading…</p> : null}
    </Modal>
  )
}
