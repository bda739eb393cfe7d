// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { Badge } from './badge'

afterEach(cleanup)

describe('Badge', () => {
  it('shows its label in the chosen colour and variant', () => {
    render(
      <>
        <Badge>Official</Badge>
        <Badge color="info" variant="outline">
          v4
        </Badge>
      </>,
    )
    expect(screen.getByText('Official').getAttribute('data-color')).toBeNull()
    const version = screen.getByText('v4')
    expect(version.getAttribute('data-color')).toBe('info')
    expect(version.className).toContain('badge-outline')
  })
})
