import type { ReactNode } from 'react'

import { Icon } from '../icon'

/**
 * What a list shows when it has nothing: an icon, what happened, what to do (a
 * button to clear the filters, a link elsewhere). A status, so a screen reader hears
 * it when a filter empties the list.
 */
export function EmptyState({ icon = 'i-lucide-search-x', title, description, action }: { icon?: string; title: string; description?: ReactNode; action?: ReactNode }) {
  return (
    <div className="ui-empty" role="status">
      <span className="ui-empty-icon" aria-hidden="true">
        <Icon name={icon} size={24} />
      </span>
      <p className="ui-empty-title">{title}</p>
      {description ? <p className="ui-empty-description">{description}</p> : null}
      {action ? <div className="ui-empty-action">{action}</div> : null}
    </div>
  )
}
