// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'

import { LoadMore } from './load-more'

afterEach(cleanup)

function List() {
  const [shown, setShown] = useState(12)
  return <LoadMore shown={shown} total={30} onMore={() => setShown(shown + 12)} />
}

describe('LoadMore', () => {
  it('counts what is shown, shows more on request, and goes away at the end', async () => {
    render(<List />)
    expect(screen.getByText('Showing 12 of 30')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }))
    expect(screen.getByText('Showing 24 of 30')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }))
    expect(screen.getByText('Showing 30 of 30')).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
  })
})
