// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { CardSkeleton, Skeleton } from './skeleton'

afterEach(cleanup)

describe('Skeleton', () => {
  it('reserves the size of what loads and is hidden from assistive technology', () => {
    const { container } = render(
      <>
        <Skeleton width="10rem" height={24} />
        <CardSkeleton />
      </>,
    )
    const block = container.querySelector<HTMLElement>('.ui-skeleton')
    expect(block?.style.width).toBe('10rem')
    expect(block?.style.height).toBe('24px')
    expect([...container.children].every((child) => child.getAttribute('aria-hidden') === 'true')).toBe(true)
  })
})
