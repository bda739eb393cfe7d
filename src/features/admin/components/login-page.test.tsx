// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'

import { AdminLoginPage } from './login-page'

afterEach(cleanup)

function renderLogin(search: string) {
  const router = createMemoryRouter([{ path: '/admin/login', element: <AdminLoginPage /> }], { initialEntries: [`/admin/login${search}`] })
  render(<RouterProvider router={router} />)
}

describe('the admin login page', () => {
  it('explains a known sign-in error code in its own words', () => {
    renderLogin('?error=not-admin')
    expect(screen.getByRole('alert').textContent).toBe('That GitHub account is not an administrator of this site.')
  })

  it('says how to configure sign-in when the server has no OAuth app', () => {
    renderLogin('?error=not-configured')
    expect(screen.getByRole('alert').textContent).toBe('Sign-in is not configured on this server: set FJORD_OAUTH_CLIENT_ID and FJORD_OAUTH_CLIENT_SECRET.')
  })

  it('shows nothing for text someone put in the URL', () => {
    for (const error of ['Your account is locked. Call +1 555 0100.', '<b>hi</b>', 'toString', '']) {
      renderLogin(`?error=${encodeURIComponent(error)}`)
      expect(screen.queryByRole('alert')).toBeNull()
      expect(document.body.textContent).not.toContain('555 0100')
      cleanup()
    }
  })
})
