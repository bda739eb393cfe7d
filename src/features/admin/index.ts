export { adminContentQuery, adminModulesQuery, ensureSession, logout, sessionQuery, useSession, type Session } from './api'
export { adminRedirectTarget, finishSignInPopup, refetchSessionOnRestore } from './session'
