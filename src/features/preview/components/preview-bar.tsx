import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useRevalidator } from 'react-router-dom'

import { Button } from '@/components/ui/button/button'
import { Icon } from '@/components/ui/icon'
import { useToasts } from '@/components/ui/toasts/store'
import { draftsQuery, exitPreview, PreviewError, usePreview } from '@/lib/preview'

import './preview.css'

/**
 * The preview UI (SPEC point 4), mounted while preview mode is on: says that draft pages
 * are visible, and how many, with a way out that clears the token and hides the drafts
 * again. A token the preview API refuses ends preview mode with a toast saying why.
 */
export function PreviewBar() {
  const session = usePreview((s) => s.session)
  const drafts = useQuery({ ...draftsQuery(session ?? { token: '-', api: '-' }), enabled: Boolean(session) })
  const toast = useToasts((s) => s.add)
  const { revalidate } = useRevalidator()

  const leave = () => {
    exitPreview()
    // A draft on screen becomes what it is for everyone else: not found.
    void revalidate()
  }

  useEffect(() => {
    if (!session || !drafts.error) return
    toast({ title: 'Preview failed', description: drafts.error instanceof PreviewError ? drafts.error.message : 'The preview API could not be reached.', color: 'error' })
    exitPreview()
  }, [session, drafts.error, toast])

  if (!session) return null
  const count = drafts.data ? Object.values(drafts.data.collections).reduce((sum, c) => sum + c.rows, 0) : undefined
  return (
    <div className="preview-bar" role="region" aria-label="Preview mode">
      <p>
        <Icon name="i-lucide-eye" />
        <strong>Preview mode</strong>
        <span>
          Draft pages are visible
          {count === undefined ? '' : ` (${count} ${count === 1 ? 'draft' : 'drafts'})`}.
        </span>
      </p>
      <Button variant="outline" size="sm" onClick={leave}>
        Exit preview
      </Button>
    </div>
  )
}
