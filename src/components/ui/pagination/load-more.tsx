import { Button } from '../button/button'

/**
 * "Show more" under a long list: how many are shown out of how many, and a button
 * for the next batch. The count is a live region, so the new total is announced.
 */
export function LoadMore({ shown, total, onMore, label = 'Show more' }: { shown: number; total: number; onMore: () => void; label?: string }) {
  return (
    <div className="ui-load-more">
      <p className="ui-load-more-count" aria-live="polite">
        Showing {Math.min(shown, total)} of {total}
      </p>
      {shown < total ? (
        <Button variant="outline" onClick={onMore} icon="i-lucide-chevron-down">
          {label}
        </Button>
      ) : null}
    </div>
  )
}
