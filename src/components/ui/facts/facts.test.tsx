// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { Facts, WithFacts } from './facts'

afterEach(cleanup)

describe('Facts', () => {
  it('is a named side panel of labelled values, with the full value on hover', () => {
    render(
      <WithFacts
        facts={
          <Facts
            label="Module facts"
            facts={[
              { label: 'Downloads a month', value: '1.2k', title: '1,234' },
              { label: 'Category', value: <a href="/modules?category=UI">UI</a> },
            ]}
          />
        }
      >
        <p>Body</p>
      </WithFacts>,
    )
    const panel = screen.getByRole('complementary', { name: 'Module facts' })
    expect(
      within(panel)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Downloads a month', 'Category'])
    expect(within(panel).getAllByRole('definition')[0]?.getAttribute('title')).toBe('1,234')
    expect(within(panel).getByRole('link', { name: 'UI' })).toBeTruthy()
    expect(screen.getByText('Body')).toBeTruthy()
  })
})
