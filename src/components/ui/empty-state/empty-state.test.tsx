// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { Button } from '../button/button'
import { EmptyState } from './empty-state'

afterEach(cleanup)

describe('EmptyState', () => {
  it('announces what happened and offers what to do', async () => {
    const clear = vi.fn()
    render(<EmptyState title="No modules match “zzz”" description="Try another word or clear the filters." action={<Button onClick={clear}>Clear filters</Button>} />)
    expect(screen.getByRole('status').textContent).toContain('No modules match “zzz”')
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(clear).toHaveBeenCalled()
  })
})
