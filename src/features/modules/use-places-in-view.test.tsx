// @vitest-environment jsdom
import { act, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { usePlacesInView } from './use-places-in-view'

/** A grid of `count` cards in `columns` columns, `height` px tall with a 20 px gap, its top `top` px down the page. */
function layOut(grid: HTMLUListElement, { columns, height, top }: { columns: number; height: number; top: number }) {
  grid.style.gridTemplateColumns = Array.from({ length: columns }, () => '300px').join(' ')
  ;[...grid.children].forEach((item, place) => {
    const y = top - window.scrollY + Math.floor(place / columns) * (height + 20)
    item.getBoundingClientRect = () => ({ top: y, bottom: y + height, height, left: 0, right: 0, width: 300, x: 0, y, toJSON: () => ({}) })
  })
}

let probe: ReturnType<typeof usePlacesInView> | undefined
function Cards({ count }: { count: number }) {
  probe = usePlacesInView(12)
  return (
    <ul ref={probe.grid}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>card {i}</li>
      ))}
    </ul>
  )
}

/** Runs the measurement `remeasure` schedules after the next paint. */
async function measured() {
  await act(async () => {
    probe?.remeasure()
    await new Promise((done) => setTimeout(done, 50))
  })
}

afterEach(() => {
  vi.restoreAllMocks()
  window.scrollY = 0
})

describe('usePlacesInView', () => {
  it('answers the fallback until the grid has been measured', () => {
    render(<Cards count={30} />)
    expect(probe?.placesInView()).toBe(12)
  })

  it('counts the rows whose top is above the bottom of the window, times the columns', async () => {
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(900)
    const { container } = render(<Cards count={30} />)
    layOut(container.querySelector('ul') as HTMLUListElement, { columns: 3, height: 200, top: 500 })
    await measured()
    // Rows at 500 and 720 start inside a 900 px window: two rows of three.
    expect(probe?.placesInView()).toBe(6)
  })

  it('follows the scroll position without measuring again', async () => {
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(900)
    const { container } = render(<Cards count={30} />)
    layOut(container.querySelector('ul') as HTMLUListElement, { columns: 2, height: 200, top: 500 })
    await measured()
    expect(probe?.placesInView()).toBe(4)
    window.scrollY = 440
    window.dispatchEvent(new Event('scroll'))
    // The grid's top is now 60 px down the window: rows at 60, 280, 500 and 720.
    expect(probe?.placesInView()).toBe(8)
  })

  it('counts at least one row when the grid starts below the window', async () => {
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(600)
    const { container } = render(<Cards count={30} />)
    layOut(container.querySelector('ul') as HTMLUListElement, { columns: 1, height: 200, top: 1200 })
    await measured()
    expect(probe?.placesInView()).toBe(1)
  })
})
