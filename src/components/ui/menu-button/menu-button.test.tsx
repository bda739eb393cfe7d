// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'

import { MenuButton, type MenuButtonItem } from './menu-button'

afterEach(cleanup)

const items: MenuButtonItem[] = [
  { id: 'a', label: 'llms.txt', description: 'Every page', href: '/llms.txt' },
  { id: 'b', label: 'llms-full.txt', href: '/llms-full.txt' },
  { id: 'c', label: 'MCP server', to: '/docs/4.x/getting-started/ai' },
]

function view() {
  return render(
    <MemoryRouter>
      <p>
        <a href="/elsewhere">Outside</a>
      </p>
      <MenuButton label="Use with AI" items={items} />
    </MemoryRouter>,
  )
}

const button = () => screen.getByRole('button', { name: 'Use with AI' })
const menu = () => screen.queryByRole('menu', { name: 'Use with AI' })

describe('a menu button', () => {
  it('opens its menu of links on the first link, and says so on the button', async () => {
    view()
    expect(button().getAttribute('aria-haspopup')).toBe('menu')
    expect(button().getAttribute('aria-expanded')).toBe('false')
    expect(menu()).toBeNull()
    await userEvent.click(button())
    expect(button().getAttribute('aria-expanded')).toBe('true')
    expect(button().getAttribute('aria-controls')).toBe(menu()?.id)
    const links = within(menu() as HTMLElement).getAllByRole('menuitem')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['llms.txtEvery page', '/llms.txt'],
      ['llms-full.txt', '/llms-full.txt'],
      ['MCP server', '/docs/4.x/getting-started/ai'],
    ])
    expect(document.activeElement).toBe(links[0])
  })

  it('moves with the arrow keys, Home and End, and closes on Escape with focus back on the button', async () => {
    view()
    button().focus()
    await userEvent.keyboard('{ArrowDown}')
    const links = within(menu() as HTMLElement).getAllByRole('menuitem')
    expect(document.activeElement).toBe(links[0])
    await userEvent.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(links[1])
    await userEvent.keyboard('{ArrowUp}{ArrowUp}')
    // From the first link, up wraps round to the last.
    expect(document.activeElement).toBe(links[2])
    await userEvent.keyboard('{Home}')
    expect(document.activeElement).toBe(links[0])
    await userEvent.keyboard('{End}')
    expect(document.activeElement).toBe(links[2])
    await userEvent.keyboard('{Escape}')
    expect(menu()).toBeNull()
    expect(button().getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button())
  })

  it('opens on its last link with Up Arrow, and Enter opens it from the keyboard', async () => {
    view()
    button().focus()
    await userEvent.keyboard('{ArrowUp}')
    expect(document.activeElement?.textContent).toBe('MCP server')
    await userEvent.keyboard('{Escape}')
    await userEvent.keyboard('{Enter}')
    expect(document.activeElement?.textContent).toBe('llms.txtEvery page')
  })

  it('closes on a click outside it, and when Tab leaves it', async () => {
    view()
    await userEvent.click(button())
    expect(menu()).not.toBeNull()
    fireEvent.pointerDown(screen.getByText('Outside'))
    expect(menu()).toBeNull()
    await userEvent.click(button())
    await userEvent.tab()
    expect(menu()).toBeNull()
  })

  it('is a <details> of plain links in the build’s prerender, which opens without JavaScript', () => {
    const html = renderToString(
      <MemoryRouter>
        <MenuButton label="Use with AI" items={items} />
      </MemoryRouter>,
    )
    const host = document.createElement('div')
    host.innerHTML = html
    const details = host.querySelector('details.menu-button')
    expect(details?.querySelector('summary')?.textContent).toBe('Use with AI')
    expect([...(details?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href'))).toEqual(['/llms.txt', '/llms-full.txt', '/docs/4.x/getting-started/ai'])
    expect(host.querySelector('[role="menu"], [role="menuitem"]')).toBeNull()
  })
})
