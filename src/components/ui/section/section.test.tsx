// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { Section } from './section'

afterEach(cleanup)

describe('Section', () => {
  it('is a region named by its title, with its anchor, its actions in its header and its media beside it', () => {
    render(
      <Section
        id="code-example"
        headline="Server routes"
        title="Write the API next to the page"
        description="A file is a route."
        actions={<a href="/docs">Read the guide</a>}
        media={<pre>export default route()</pre>}
      >
        <p>More below.</p>
      </Section>,
    )
    const region = screen.getByRole('region', { name: 'Write the API next to the page' })
    expect(region.id).toBe('code-example')
    expect(region.className).toContain('ui-section-split')
    const header = region.querySelector('header')
    expect(header && within(header).getByRole('link', { name: 'Read the guide' })).toBeTruthy()
    expect(region.querySelector('.ui-section-media')?.textContent).toBe('export default route()')
    expect(within(region).getByText('More below.')).toBeTruthy()
  })

  it('leaves out the headline, description and media it is not given', () => {
    render(<Section title="Plans" />)
    const region = screen.getByRole('region', { name: 'Plans' })
    expect(region.className).toBe('ui-section')
    expect(region.querySelectorAll('p')).toHaveLength(0)
  })
})
