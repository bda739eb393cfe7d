export { dashboardQuery, ensureSession, logout, sessionQuery, useSession, type Session } from './api'
export { AdminDashboard } from './components/dashboard'
export { AdminLoginPage } from './components/login-page'
export { finishSignInPopup } from './session'
