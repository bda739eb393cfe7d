/**
 * A placeholder block the size of what is loading, so nothing moves when it comes.
 * Hidden from assistive technology: the region that loads says `aria-busy`.
 */
export function Skeleton({ width = '100%', height = '1rem', radius, className }: { width?: string | number; height?: string | number; radius?: string; className?: string }) {
  return <span className={['ui-skeleton', className ?? ''].filter(Boolean).join(' ')} aria-hidden="true" style={{ width, height, borderRadius: radius }} />
}

/** A card-shaped placeholder for grids. */
export function CardSkeleton() {
  return (
    <div className="ui-card ui-card-skeleton" aria-hidden="true">
      <div className="ui-card-content">
        <Skeleton width="2.5rem" height="2.5rem" radius="var(--radius)" />
        <Skeleton width="60%" height="1.25rem" />
        <Skeleton height="0.9rem" />
        <Skeleton width="80%" height="0.9rem" />
      </div>
    </div>
  )
}
