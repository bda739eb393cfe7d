// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'

import { ChipGroup } from './chip-group'

afterEach(cleanup)

function Categories({ clearable }: { clearable?: boolean }) {
  const [value, setValue] = useState<string | undefined>(undefined)
  return (
    <>
      <ChipGroup
        label="Categories"
        chips={[
          { value: 'ui', label: 'UI', count: 4 },
          { value: 'seo', label: 'SEO', count: 2 },
          { value: 'css', label: 'CSS', count: 1 },
        ]}
        value={value}
        onChange={setValue}
        clearable={clearable}
      />
      <output>{value ?? 'none'}</output>
    </>
  )
}

describe('ChipGroup', () => {
  it('selects one chip, and clears it when the selected chip is chosen again', async () => {
    render(<Categories />)
    const ui = screen.getByRole('button', { name: 'UI (4)' })
    await userEvent.click(ui)
    expect(ui.getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByText('ui', { selector: 'output' })).toBeTruthy()
    await userEvent.click(ui)
    expect(ui.getAttribute('aria-pressed')).toBe('false')
    expect(screen.getByText('none', { selector: 'output' })).toBeTruthy()
  })

  it('is one Tab stop, moved through with the arrow keys, Home and End', async () => {
    render(<Categories />)
    // The chip that has focus, by its accessible name (the visible count is set apart, the name reads "UI (4)").
    const focused = () => ['UI (4)', 'SEO (2)', 'CSS (1)'].find((name) => screen.getByRole('button', { name }) === document.activeElement)
    await userEvent.tab()
    expect(focused()).toBe('UI (4)')
    await userEvent.keyboard('{ArrowRight}')
    expect(focused()).toBe('SEO (2)')
    await userEvent.keyboard('{End}')
    expect(focused()).toBe('CSS (1)')
    await userEvent.keyboard('{ArrowRight}')
    expect(focused()).toBe('UI (4)')
    await userEvent.keyboard(' ')
    expect(screen.getByRole('group', { name: 'Categories' })).toBeTruthy()
    expect(screen.getByText('ui', { selector: 'output' })).toBeTruthy()
  })

  it('keeps the choice when it is not clearable', async () => {
    render(<Categories clearable={false} />)
    await userEvent.click(screen.getByRole('button', { name: 'SEO (2)' }))
    await userEvent.click(screen.getByRole('button', { name: 'SEO (2)' }))
    expect(screen.getByText('seo', { selector: 'output' })).toBeTruthy()
  })
})
