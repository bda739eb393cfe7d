import { useCallback, useEffect, useRef } from 'react'

import { afterNextPaint } from '@/lib/after-paint'

/** Where a grid's rows are, as last painted: its top in the page, the smallest row pitch, its columns. */
interface GridGeometry {
  top: number
  pitch: number
  columns: number
}

/**
 * How many places of a card grid the window shows, counted from the first: the cards a
 * new list must have drawn in its first frame (the rest can follow once it is painted).
 *
 * The grid is measured after a paint, when its layout is clean (`remeasure`, and on
 * resize), and the scroll position is followed from scroll events, so asking costs no
 * layout: rows whose top is above the window's bottom edge, at the smallest row pitch
 * measured (a row taller than that only makes the count generous), times the columns.
 * Before the first measurement, or with no grid, it answers `fallback`.
 */
export function usePlacesInView(fallback: number) {
  const grid = useRef<HTMLUListElement>(null)
  const geometry = useRef<GridGeometry | undefined>(undefined)
  const scrollY = useRef(0)

  const measure = useCallback(() => {
    const element = grid.current
    const rects = element
      ? [...element.children]
          .filter((item) => !item.hasAttribute('hidden'))
          .slice(0, 24)
          .map((item) => item.getBoundingClientRect())
      : []
    const first = rects[0]
    if (!element || !first) return
    scrollY.current = window.scrollY
    const tops = [...new Set(rects.map((rect) => Math.round(rect.top)))]
    const pitches = tops.slice(1).map((top, i) => top - (tops[i] ?? 0))
    const columns = Math.max(1, getComputedStyle(element).gridTemplateColumns.split(' ').length)
    geometry.current = { top: first.top + scrollY.current, pitch: Math.max(1, pitches.length ? Math.min(...pitches) : first.height), columns }
  }, [])

  const remeasure = useCallback(() => afterNextPaint(measure), [measure])

  useEffect(() => {
    const onScroll = () => {
      scrollY.current = window.scrollY
    }
    const cancel: { current?: () => void } = {}
    const onResize = () => {
      cancel.current?.()
      cancel.current = remeasure()
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('resize', onResize)
    return () => {
      cancel.current?.()
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('resize', onResize)
    }
  }, [remeasure])

  const placesInView = useCallback(() => {
    const view = geometry.current
    if (!view) return fallback
    const top = view.top - scrollY.current
    const rows = Math.max(1, Math.ceil((window.innerHeight - top) / view.pitch))
    return rows * view.columns
  }, [fallback])

  return { grid, placesInView, remeasure }
}
