// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { Section } from '../section/section'
import { Grid, gridClass, GridItem } from './grid'

afterEach(cleanup)

describe('Grid and Section', () => {
  it('lay out a labelled list of items inside a section named by its heading', () => {
    render(
      <Section title="Templates" headline="Start faster" description="Starters by the community.">
        <Grid columns={4} label="Templates">
          <GridItem>One</GridItem>
          <GridItem>Two</GridItem>
        </Grid>
      </Section>,
    )
    expect(screen.getByRole('region', { name: 'Templates' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: 'Templates' })).toBeTruthy()
    const list = screen.getByRole('list', { name: 'Templates' })
    expect(list.className).toContain('ui-grid-4')
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
    expect(screen.getByText('Start faster')).toBeTruthy()
  })
})

describe('gridClass', () => {
  it('names the grid of items that are not GridItems: its columns, a tighter gap, one column until 1024 px', () => {
    expect(gridClass({ columns: 4, gap: 'sm' })).toBe('ui-grid ui-grid-4 ui-grid-gap-sm')
    expect(gridClass({ columns: 2, gap: 'sm', from: 'lg', className: 'kit-rules' })).toBe('ui-grid ui-grid-2 ui-grid-gap-sm ui-grid-from-lg kit-rules')
    expect(gridClass({})).toBe('ui-grid ui-grid-3')
  })
})
