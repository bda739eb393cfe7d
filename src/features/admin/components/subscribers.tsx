import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'

import { Button, buttonClass } from '@/components/ui/button/button'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { Input, Select } from '@/components/ui/field/field'
import { Icon } from '@/components/ui/icon'
import { useToasts } from '@/components/ui/toasts/store'
import { type AdminSubscriber, type adminSubscriberSorts, type AdminSubscribersRequest, adminSubscribersRequestSchema } from '@/contract/api-schemas'
import { describeAddressProblem, visibleAddress } from '@/contract/email-address'
import { mediumDate } from '@/lib/format'
import { usePageTitle } from '@/lib/page-effects'

import { AdminApiError, deleteSubscriber, type SubscriberFilters, subscribersCsvUrl, subscribersQuery } from '../api'
import { ConfirmDialog } from './confirm-dialog'

import './admin.css'

/** Typing in the search box updates the list (and the URL) this long after the last key. */
const SEARCH_DELAY_MS = 300
const PER_PAGE = 25

type Sort = (typeof adminSubscriberSorts)[number]
const COLUMNS: { sort: Sort; label: string }[] = [
  { sort: 'email', label: 'Email' },
  { sort: 'status', label: 'Status' },
  { sort: 'createdAt', label: 'Signed up' },
  { sort: 'confirmedAt', label: 'Confirmed' },
]

/**
 * An address that may break before its @ on a narrow screen, never in the middle of a
 * name. Hidden characters (a flagged address's NUL or zero-width space) are spelled out.
 */
function EmailAddress({ email: stored }: { email: string }) {
  const email = visibleAddress(stored)
  const at = email.lastIndexOf('@')
  if (at <= 0) return <>{email}</>
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  )
}

/** A flagged address: sent nothing until an admin deletes it (SPEC has no way to fix one). */
function AddressProblem({ problem }: { problem: string }) {
  return (
    <span className="admin-address-problem">
      <Icon name="i-lucide-triangle-alert" />
      {describeAddressProblem(problem)} Nothing is sent to it.
    </span>
  )
}

const flaggedNotice = (n: number) =>
  n === 1 ? '1 subscriber address fails the address rules: nothing is sent to it.' : `${n} subscriber addresses fail the address rules: nothing is sent to them.`

function Status({ status }: { status: AdminSubscriber['status'] }) {
  return <span className={`admin-status admin-status-${status}`}>{status === 'confirmed' ? 'Confirmed' : 'Pending'}</span>
}

/** The list's state from the URL; what does not parse falls back to the defaults. */
function readFilters(params: URLSearchParams): AdminSubscribersRequest {
  const parsed = adminSubscribersRequestSchema.safeParse(Object.fromEntries(params))
  const { q, status, address, sort, order, page } = parsed.success ? parsed.data : adminSubscribersRequestSchema.parse({})
  return { q, status, address, sort, order, page, perPage: PER_PAGE }
}

/**
 * /admin/subscribers: the newsletter's subscribers, a page at a time. Search, status
 * filter, sort (the column headers) and page live in the URL, so reload and back keep
 * them; the CSV export takes the same search and filter; a delete asks first.
 */
export function AdminSubscribers() {
  usePageTitle('Subscribers · Admin')
  const [params, setParams] = useSearchParams()
  const filters = readFilters(params)
  const { data, error, isFetching, isPending } = useQuery(subscribersQuery(filters))
  const [removing, setRemoving] = useState<AdminSubscriber>()
  const [deleting, setDeleting] = useState(false)
  const toast = useToasts((s) => s.add)

  const update = (next: Partial<SubscriberFilters>, replace = false) => {
    const merged = { ...filters, page: 1, ...next }
    const query = new URLSearchParams()
    if (merged.q) query.set('q', merged.q)
    if (merged.status) query.set('status', merged.status)
    if (merged.address) query.set('address', merged.address)
    if (merged.sort !== 'createdAt') query.set('sort', merged.sort ?? 'createdAt')
    if (merged.order !== 'desc') query.set('order', merged.order ?? 'desc')
    if (merged.page && merged.page > 1) query.set('page', String(merged.page))
    setParams(query, { replace })
  }

  const [draft, setDraft] = useState(filters.q ?? '')
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  // Back and forward bring their own search text.
  useEffect(() => setDraft(filters.q ?? ''), [filters.q])

  const confirmDelete = async () => {
    if (!removing) return
    setDeleting(true)
    try {
      await deleteSubscriber(removing.id)
      toast({ title: 'Subscriber deleted', description: `${visibleAddress(removing.email)} will not receive the newsletter.`, color: 'success' })
      setRemoving(undefined)
    } catch (failure) {
      toast({ title: 'Delete failed', description: failure instanceof AdminApiError ? failure.message : 'Something went wrong. Please try again later.', color: 'error' })
    } finally {
      setDeleting(false)
    }
  }

  const total = data?.total ?? 0
  const first = total ? (filters.page - 1) * PER_PAGE + 1 : 0
  const last = Math.min(total, filters.page * PER_PAGE)
  const pages = Math.max(1, Math.ceil(total / PER_PAGE))
  const all = data ? data.counts.pending + data.counts.confirmed : undefined

  return (
    <>
      <div className="admin-heading">
        <h1>Subscribers</h1>
        <a className={buttonClass({ variant: 'outline' })} href={subscribersCsvUrl(filters)} download>
          <Icon name="i-lucide-download" />
          Export CSV
        </a>
      </div>
      <form className="admin-toolbar" role="search" onSubmit={(event) => event.preventDefault()}>
        <Input
          label="Search by email"
          hideLabel
          type="search"
          placeholder="Search by email"
          value={draft}
          onChange={(event) => {
            const q = event.target.value
            setDraft(q)
            clearTimeout(timer.current)
            timer.current = setTimeout(() => update({ q }, true), SEARCH_DELAY_MS)
          }}
        />
        <Select
          label="Status"
          hideLabel
          value={filters.status ?? ''}
          onChange={(event) => update({ status: (event.target.value || undefined) as SubscriberFilters['status'] })}
          options={[
            { value: '', label: `All statuses${all === undefined ? '' : ` (${all})`}` },
            { value: 'confirmed', label: `Confirmed${data ? ` (${data.counts.confirmed})` : ''}` },
            { value: 'pending', label: `Pending${data ? ` (${data.counts.pending})` : ''}` },
          ]}
        />
      </form>

      {data?.counts.flagged || filters.address ? (
        <p className="admin-address-notice" role="status">
          {filters.address ? 'Showing only the addresses that fail the address rules.' : flaggedNotice(data?.counts.flagged ?? 0)}{' '}
          <Button variant="outline" size="sm" onClick={() => update({ address: filters.address ? undefined : 'flagged' })}>
            {filters.address ? 'Show all subscribers' : 'Show them'}
          </Button>
        </p>
      ) : null}

      {error ? (
        <p role="alert" className="login-error">
          {error instanceof AdminApiError ? error.message : 'The subscribers could not be loaded.'}
        </p>
      ) : isPending ? (
        <p className="muted" aria-live="polite">
          Loading subscribers…
        </p>
      ) : total === 0 ? (
        filters.q || filters.status || filters.address ? (
          <EmptyState title="No matching data" description="No subscriber matches this search and filter." />
        ) : (
          <EmptyState icon="i-lucide-mail" title="No subscribers yet" description="Readers who sign up to the newsletter appear here." />
        )
      ) : (
        <>
          <div className="table-wrap" aria-busy={isFetching}>
            <table>
              <caption className="sr-only">Newsletter subscribers, sorted by {COLUMNS.find((c) => c.sort === filters.sort)?.label}</caption>
              <thead>
                <tr>
                  {COLUMNS.map(({ sort, label }) => {
                    const active = filters.sort === sort
                    return (
                      <th
                        key={sort}
                        scope="col"
                        className={sort === 'confirmedAt' ? 'admin-col-optional' : sort === 'email' ? undefined : 'admin-col-wide'}
                        aria-sort={active ? (filters.order === 'asc' ? 'ascending' : 'descending') : undefined}
                      >
                        <button
                          type="button"
                          className="admin-sort"
                          onClick={() => update({ sort, order: active ? (filters.order === 'asc' ? 'desc' : 'asc') : sort === 'email' || sort === 'status' ? 'asc' : 'desc' })}
                        >
                          {label}
                          <Icon name={active ? (filters.order === 'asc' ? 'i-lucide-arrow-up' : 'i-lucide-arrow-down') : 'i-lucide-arrow-up-down'} />
                        </button>
                      </th>
                    )
                  })}
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data?.subscribers.map((subscriber) => (
                  <tr key={subscriber.id}>
                    <th scope="row" className="admin-email">
                      <EmailAddress email={subscriber.email} />
                      {subscriber.addressProblem ? <AddressProblem problem={subscriber.addressProblem} /> : null}
                      {/* Narrow screens show the status and date here, under the address (the columns are hidden). */}
                      <span className="admin-email-meta">
                        <Status status={subscriber.status} /> {mediumDate(subscriber.createdAt)}
                      </span>
                    </th>
                    <td className="admin-col-wide">
                      <Status status={subscriber.status} />
                    </td>
                    <td className="admin-col-wide">
                      <time dateTime={new Date(subscriber.createdAt).toISOString()}>{mediumDate(subscriber.createdAt)}</time>
                    </td>
                    <td className="admin-col-optional">
                      {subscriber.confirmedAt ? <time dateTime={new Date(subscriber.confirmedAt).toISOString()}>{mediumDate(subscriber.confirmedAt)}</time> : '–'}
                    </td>
                    <td className="numeric">
                      <Button variant="ghost" size="sm" icon="i-lucide-trash-2" aria-label={`Delete ${visibleAddress(subscriber.email)}`} onClick={() => setRemoving(subscriber)}>
                        <span className="admin-action-label">Delete</span>
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="admin-pages" aria-label="Subscriber pages">
            <p aria-live="polite">
              {first}–{last} of {total.toLocaleString('en-GB')}
            </p>
            <Button variant="outline" size="sm" icon="i-lucide-chevron-left" disabled={filters.page <= 1} onClick={() => update({ page: filters.page - 1 })}>
              Previous
            </Button>
            <Button variant="outline" size="sm" trailingIcon="i-lucide-chevron-right" disabled={filters.page >= pages} onClick={() => update({ page: filters.page + 1 })}>
              Next
            </Button>
          </nav>
        </>
      )}

      <ConfirmDialog
        open={removing !== undefined}
        title="Delete subscriber?"
        action="Delete"
        busyAction="Deleting"
        icon="i-lucide-trash-2"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setRemoving(undefined)}
      >
        <strong>{removing ? visibleAddress(removing.email) : null}</strong> will be removed and will not receive the newsletter. This cannot be undone.
      </ConfirmDialog>
    </>
  )
}
