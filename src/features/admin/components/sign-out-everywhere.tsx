import { useState } from 'react'
import { useNavigate } from 'react-router-dom'

import { Button } from '@/components/ui/button/button'
import { useToasts } from '@/components/ui/toasts/store'
import { paths } from '@/contract/paths'

import { AdminApiError, signOutEverywhere } from '../api'
import { ConfirmDialog } from './confirm-dialog'

/**
 * The dashboard's "Sign out everywhere": after a confirmation, the server ends every
 * session of this login (another browser, a lost laptop, a copied cookie), this one
 * included, and the login page follows. A failure says so and leaves things as they were.
 */
export function SignOutEverywhere({ login }: { login: string }) {
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const navigate = useNavigate()
  const toast = useToasts((s) => s.add)

  const confirm = async () => {
    setBusy(true)
    try {
      await signOutEverywhere()
    } catch (failure) {
      setBusy(false)
      toast({
        title: 'Sign-out failed',
        description: failure instanceof AdminApiError ? failure.message : 'Something went wrong; you are still signed in. Please try again.',
        color: 'error',
      })
      return
    }
    void navigate(paths.adminLogin())
  }

  return (
    <section aria-labelledby="admin-sessions">
      <h2 id="admin-sessions">Sessions</h2>
      <p className="muted">
        Signed in on a computer you no longer use, or lost a device? Sign out everywhere ends every session of <strong>{login}</strong>, this one included.
      </p>
      <Button variant="outline" icon="i-lucide-log-out" onClick={() => setAsking(true)}>
        Sign out everywhere
      </Button>
      <ConfirmDialog
        open={asking}
        title="Sign out everywhere?"
        action="Sign out everywhere"
        busyAction="Signing out"
        icon="i-lucide-log-out"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      >
        Every session of <strong>{login}</strong> ends now, in every browser and on every device, this one included. You will need to sign in again.
      </ConfirmDialog>
    </section>
  )
}
