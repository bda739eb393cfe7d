import { useEffect, useRef, useState } from 'react'

import type { TocEntry } from '@/contract/content/body'
import { afterNextPaint } from '@/lib/after-paint'
import { revealWithin } from '@/lib/reveal'

import './table-of-contents.css'

/** The heading a reader is at: the last one whose top has passed the sticky header. */
export function activeHeading(tops: readonly { id: string; top: number }[], offset: number): string | undefined {
  let current: string | undefined
  for (const { id, top } of tops) {
    if (top - offset <= 1) current = id
    else break
  }
  return current ?? tops[0]?.id
}

/** 'On this page': the page's h2 and h3 headings, the one being read marked (scroll-spy). */
export function TableOfContents({ toc, spy = true, title = 'On this page' }: { toc: readonly TocEntry[]; spy?: boolean; title?: string }) {
  const entries = toc.filter((entry) => entry.depth === 2 || entry.depth === 3)
  const [active, setActive] = useState<string | undefined>(undefined)
  const nav = useRef<HTMLElement>(null)
  // A long page's contents scroll in their column: the heading being read stays in view.
  useEffect(() => revealWithin(nav.current?.parentElement, 'a[aria-current="true"]'), [active])

  useEffect(() => {
    if (!spy || !entries.length) return
    /** Cancels the measure waiting to run, whichever way it waits. */
    let cancel = (): void => undefined
    const measure = () => {
      const header = document.querySelector('.site-header')?.getBoundingClientRect().height ?? 64
      const tops = entries.flatMap((entry) => {
        const element = document.getElementById(entry.id)
        return element ? [{ id: entry.id, top: element.getBoundingClientRect().top }] : []
      })
      // At the very bottom the last heading may never reach the top: it is the one being read.
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2
      setActive(atBottom ? tops[tops.length - 1]?.id : activeHeading(tops, header + 16))
    }
    // Scrolling: in the frame that shows the new position.
    const inFrame = () => {
      cancel()
      const frame = requestAnimationFrame(measure)
      cancel = () => cancelAnimationFrame(frame)
    }
    // A new page, or its body drawn after the page shell (a long one a part at a time):
    // once that frame is painted. Measuring lays the whole page out, which in the frame
    // itself would hold up its paint.
    const afterPaint = () => {
      cancel()
      cancel = afterNextPaint(measure)
    }
    afterPaint()
    window.addEventListener('scroll', inFrame, { passive: true })
    window.addEventListener('resize', inFrame)
    const observer = new MutationObserver(afterPaint)
    const main = document.getElementById('main')
    if (main) observer.observe(main, { childList: true, subtree: true })
    return () => {
      cancel()
      window.removeEventListener('scroll', inFrame)
      window.removeEventListener('resize', inFrame)
      observer.disconnect()
    }
    // The entries come from the page's toc: a new page, a new spy.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [spy, toc])

  if (!entries.length) return null
  return (
    <nav aria-label={title} className="toc" ref={nav}>
      {spy ? <p className="toc-title">{title}</p> : null}
      <ul>
        {entries.map((entry) => (
          <li key={entry.id} className={`toc-depth-${entry.depth}`}>
            <a href={`#${entry.id}`} aria-current={spy && entry.id === active ? 'true' : undefined}>
              {entry.text}
              {entry.badge ? (
                <>
                  {' '}
                  <span className="badge toc-badge">{entry.badge}</span>
                </>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** 'On this page' folded above the body, for screens without the contents' own column. Nothing for a page without h2 or h3 headings. */
export function FoldedTableOfContents({ toc, title = 'On this page' }: { toc: readonly TocEntry[]; title?: string }) {
  if (!toc.some((entry) => entry.depth === 2 || entry.depth === 3)) return null
  return (
    <details className="docs-toc-mobile">
      <summary>{title}</summary>
      <TableOfContents toc={toc} spy={false} title={title} />
    </details>
  )
}
