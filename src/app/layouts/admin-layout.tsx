import { Link, NavLink, Outlet, useNavigate } from 'react-router-dom'

import { BrandIcon } from '@/components/ui/brand-icon'
import { Toaster } from '@/components/ui/toasts/toaster'
import { site } from '@/config/site'
import { paths } from '@/contract/paths'
import { isRouteOn } from '@/contract/sections'
import { logout, useSession } from '@/features/admin'

import './admin-layout.css'

/** The admin layout (SPEC point 2): a bar with the brand, the signed-in user and 'Sign out', then the admin's sections. */
export function AdminLayout() {
  const user = useSession().session.user
  const navigate = useNavigate()
  return (
    <div className="admin-shell">
      <header className="admin-bar">
        <Link to={paths.home()} className="admin-brand">
          <BrandIcon />
          <span>{site.brand.name} admin</span>
        </Link>
        <div className="admin-user">
          {user?.avatar ? <img src={String(user.avatar)} alt="" width={28} height={28} className="admin-avatar" /> : null}
          <span>{String(user?.name ?? user?.login ?? '')}</span>
          <button type="button" className="button button-outline" onClick={() => void logout().then(() => navigate(paths.adminLogin()))}>
            Sign out
          </button>
        </div>
      </header>
      <nav className="admin-nav" aria-label="Admin">
        <NavLink to={paths.admin()} end>
          Overview
        </NavLink>
        {/* Subscribers go with the newsletter, module figures with the modules (sections in site.config.ts). */}
        {isRouteOn(site.sections, paths.adminSubscribers()) ? <NavLink to={paths.adminSubscribers()}>Subscribers</NavLink> : null}
        {isRouteOn(site.sections, paths.adminModules()) ? <NavLink to={paths.adminModules()}>Modules</NavLink> : null}
      </nav>
      <main id="main" tabIndex={-1} className="admin-main">
        <Outlet />
      </main>
      <Toaster />
    </div>
  )
}
