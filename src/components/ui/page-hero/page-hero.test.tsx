// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'

import { PageHero } from './page-hero'

afterEach(cleanup)

describe('PageHero', () => {
  it("is the page's h1 with its description and calls to action, the first one primary", () => {
    render(
      <MemoryRouter>
        <PageHero
          title="Build full-stack apps that flow"
          description="One TypeScript codebase."
          links={[
            { label: 'Get started', to: '/docs/4.x/getting-started/introduction' },
            { label: 'Modules', to: '/modules' },
          ]}
        />
      </MemoryRouter>,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Build full-stack apps that flow' })).toBeTruthy()
    expect(screen.getByText('One TypeScript codebase.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Get started' }).className).toContain('button-primary')
    expect(screen.getByRole('link', { name: 'Modules' }).className).toContain('button-outline')
  })
})
