import { useLayoutEffect } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'

import { BrandIcon } from '@/components/ui/brand-icon'
import { site } from '@/config/site'
import { FORCED_MODES } from '@/contract/color-mode'
import { paths } from '@/contract/paths'
import { pageTitle, SIGN_IN_TITLE } from '@/contract/title'
import { useColorMode } from '@/lib/color-mode'

import { forgetAdminData } from '../api'
import { adminRedirectTarget, openSignInPopup, signInErrorMessage } from '../session'

import './admin.css'

/**
 * /admin/login: no layout, always dark (SPEC point 2). Signing in opens the
 * provider in a popup; when it reports back the session is refetched and an
 * administrator goes on to the admin page named in `?redirect=`, or /admin. A refused sign-in comes back as `?error=<code>`,
 * shown as that code's message (unknown codes show nothing).
 */
export function AdminLoginPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const force = useColorMode((s) => s.force)
  const error = signInErrorMessage(params.get('error'))

  // Before the first paint, so the page never shows in the reader's own mode.
  useLayoutEffect(() => {
    forgetAdminData()
    force(FORCED_MODES[paths.adminLogin()])
    document.title = pageTitle(SIGN_IN_TITLE, site.brand)
    return () => force(undefined)
  }, [force])

  return (
    <main id="main" tabIndex={-1} className="login-page">
      <div className="login-card">
        <Link to={paths.home()} className="login-logo" aria-label={`${site.brand.name} home`}>
          <BrandIcon size={48} />
        </Link>
        <h1>Sign in to {site.brand.name} admin</h1>
        <p className="muted">Administrators sign in with their {site.auth.providerName} account.</p>
        {error ? (
          <p role="alert" className="login-error">
            {error}
          </p>
        ) : null}
        <button
          type="button"
          className="button button-primary button-block"
          onClick={() =>
            openSignInPopup(window, (session) => {
              if (session.user) navigate(adminRedirectTarget(params.get('redirect')) ?? paths.admin(), { replace: true })
            })
          }
        >
          Sign in with {site.auth.providerName}
        </button>
        <Link to={paths.home()} className="login-back">
          Back to {site.brand.name}
        </Link>
      </div>
    </main>
  )
}
