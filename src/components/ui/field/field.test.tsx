// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { Input, Select } from './field'

afterEach(cleanup)

describe('Input and Select', () => {
  it('name the control by its label and describe it by its description and error', async () => {
    render(<Input label="Search modules" description="Name, package or category" error="Nothing matches" />)
    const input = screen.getByRole('textbox', { name: 'Search modules' })
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Nothing matches').id.length).toBeGreaterThan(0)
    expect(input.getAttribute('aria-describedby')?.split(' ')).toHaveLength(2)
    await userEvent.type(input, 'ui')
    expect((input as HTMLInputElement).value).toBe('ui')
  })

  it('is valid without an error, and a select changes its value', async () => {
    const onChange = vi.fn()
    render(
      <Select
        label="Sort by"
        value="downloads"
        onChange={(event) => onChange(event.target.value)}
        options={[
          { value: 'downloads', label: 'Downloads' },
          { value: 'stars', label: 'Stars' },
        ]}
      />,
    )
    const select = screen.getByRole('combobox', { name: 'Sort by' })
    expect(select.getAttribute('aria-invalid')).toBeNull()
    await userEvent.selectOptions(select, 'stars')
    expect(onChange).toHaveBeenCalledWith('stars')
  })
})
