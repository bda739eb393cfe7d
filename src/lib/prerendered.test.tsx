// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { useLayoutEffect, useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'

import { removePrerendered } from './prerendered'

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

/** The app's page: controlled fields, the copy removed as it is first drawn. */
function Page({ onEmail }: { onEmail: (value: string) => void }) {
  const [email, setEmail] = useState('')
  const [agree, setAgree] = useState(false)
  useLayoutEffect(removePrerendered, [])
  return (
    <form>
      <input type="search" aria-label="Search" defaultValue="" />
      <input
        type="email"
        name="email"
        aria-label="Email"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value)
          onEmail(e.target.value)
        }}
      />
      <input type="checkbox" aria-label="Agree" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
      <p>{agree ? 'agreed' : 'not agreed'}</p>
    </form>
  )
}

/** The build's copy of the page, as index.html paints it, and an empty root for the app. */
function paintCopy() {
  document.body.innerHTML =
    '<div id="prerendered"><form><input type="search" aria-label="Search" value=""><input type="email" name="email" aria-label="Email" value=""><input type="checkbox" aria-label="Agree"></form></div><div id="root"></div>'
  const copy = document.getElementById('prerendered') as HTMLElement
  const [search, email, agree] = [...copy.querySelectorAll('input')] as HTMLInputElement[]
  return { search: search!, email: email!, agree: agree!, root: document.getElementById('root') as HTMLElement }
}

describe('removePrerendered', () => {
  it('moves what the reader typed into the copy, and the focus, to the app’s page, and React sees it', () => {
    const { email, agree, root } = paintCopy()
    email.focus()
    email.value = 'reader@exam'
    agree.checked = true
    const seen: string[] = []
    act(() => {
      render(<Page onEmail={(value) => seen.push(value)} />, { container: root })
    })
    expect(document.getElementById('prerendered')).toBeNull()
    const field = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement
    expect(field.value).toBe('reader@exam')
    expect(seen).toEqual(['reader@exam'])
    expect(document.activeElement).toBe(field)
    expect(screen.getByText('agreed')).toBeTruthy()
  })

  it('keeps the caret where the reader left it', () => {
    const { search, root } = paintCopy()
    search.focus()
    search.value = 'routing'
    search.setSelectionRange(3, 5)
    act(() => {
      render(<Page onEmail={() => undefined} />, { container: root })
    })
    const field = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement
    expect(document.activeElement).toBe(field)
    expect([field.value, field.selectionStart, field.selectionEnd]).toEqual(['routing', 3, 5])
  })

  it('leaves the app’s fields alone when nothing was typed, and a different field is never filled', () => {
    const { search, root } = paintCopy()
    // The copy's first field is a search box; say the app drew an email field in its place.
    search.value = 'typed'
    document.querySelector('#prerendered input[type="email"]')?.setAttribute('name', 'other')
    const seen: string[] = []
    act(() => {
      render(<Page onEmail={(value) => seen.push(value)} />, { container: root })
    })
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('typed')
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('')
    expect(seen).toEqual([])
  })
})
