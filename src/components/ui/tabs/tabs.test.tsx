// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'

import { Tabs } from './tabs'

afterEach(cleanup)

const items = [
  { label: 'npm', content: 'npm install fjord' },
  { label: 'pnpm', content: 'pnpm add fjord' },
  { label: 'yarn', content: 'yarn add fjord' },
]

describe('Tabs', () => {
  it('shows the selected panel and moves with the arrow keys, Home and End', async () => {
    render(<Tabs items={items} label="Package managers" />)
    expect(screen.getByRole('tablist', { name: 'Package managers' })).toBeTruthy()
    expect(screen.getByRole('tabpanel').textContent).toBe('npm install fjord')
    await userEvent.tab()
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'npm' }))
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'pnpm' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('tabpanel').textContent).toBe('pnpm add fjord')
    await userEvent.keyboard('{End}')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'yarn' }))
    await userEvent.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'npm' }))
    // Only the selected tab is a Tab stop.
    expect(screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toHaveLength(1)
  })

  it('selects a tab by click', async () => {
    render(<Tabs items={items} label="Package managers" />)
    await userEvent.click(screen.getByRole('tab', { name: 'yarn' }))
    expect(screen.getByRole('tabpanel', { name: 'yarn' }).textContent).toBe('yarn add fjord')
  })
})
