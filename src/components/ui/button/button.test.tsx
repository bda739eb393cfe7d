// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { Button } from './button'

afterEach(cleanup)

describe('Button', () => {
  it('is a button that clicks, and says when it is disabled', async () => {
    const onClick = vi.fn()
    render(<Button onClick={onClick}>Save</Button>)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(onClick).toHaveBeenCalledTimes(1)
    cleanup()
    render(
      <Button disabled onClick={onClick}>
        Save
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Save' })
    expect(button.hasAttribute('disabled')).toBe(true)
    expect(button.getAttribute('type')).toBe('button')
  })

  it('is a router link for a site path and a new-tab link for an external URL', () => {
    render(
      <MemoryRouter>
        <Button to="/modules" variant="outline" size="lg">
          Modules
        </Button>
        <Button to="https://example.com">Example</Button>
      </MemoryRouter>,
    )
    const internal = screen.getByRole('link', { name: 'Modules' })
    expect(internal.getAttribute('href')).toBe('/modules')
    expect(internal.className).toContain('button-outline')
    expect(internal.className).toContain('button-large')
    const external = screen.getByRole('link', { name: 'Example' })
    expect(external.getAttribute('target')).toBe('_blank')
    expect(external.getAttribute('rel')).toBe('noopener noreferrer')
  })
})
