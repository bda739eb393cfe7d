import type { ReactNode } from 'react'

import { Button } from '@/components/ui/button/button'
import { Modal } from '@/components/ui/overlay/dialog'

import './admin.css'

/**
 * The admin area's question before a destructive action: what will happen, Cancel, and
 * the action in the danger style. While the action runs (`busy`) both buttons wait and
 * the dialog cannot be dismissed.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  action,
  busyAction,
  icon,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean
  title: string
  children: ReactNode
  action: string
  busyAction: string
  icon: string
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  return (
    <Modal open={open} onOpenChange={(next) => !next && !busy && onCancel()} title={title} showTitle>
      <p>{children}</p>
      <div className="admin-dialog-actions">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button className="button-danger" icon={icon} onClick={onConfirm} disabled={busy}>
          {busy ? busyAction : action}
        </Button>
      </div>
    </Modal>
  )
}
