import { useSuspenseQuery } from '@tanstack/react-query'

import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { formatBytes, relativeTime } from '@/lib/format'
import { usePageTitle } from '@/lib/page-effects'
import { useStats } from '@/lib/stats'

import { adminContentQuery, useSession } from '../api'
import { SignOutEverywhere } from './sign-out-everywhere'

import './admin.css'

const size = (bytes: number | null) => (bytes === null ? '–' : formatBytes(bytes))

/**
 * The admin overview: what is deployed. The build and when it was made, the pages of
 * each docs version, every content collection with its rows and dump sizes, and what
 * the content build warned about, with file and line. Last, signing this login out
 * everywhere.
 */
export function AdminDashboard() {
  const { build, collections, docs, warnings } = useSuspenseQuery(adminContentQuery()).data
  const user = useSession().session.user
  const stats = useStats()
  usePageTitle('Admin')
  const rows = collections.reduce((sum, c) => sum + c.rows, 0)
  return (
    <>
      <h1>Welcome, {String(user?.name ?? user?.login ?? 'admin')}</h1>
      <dl className="admin-figures">
        <div>
          <dt>Build</dt>
          <dd>
            <code>{build.id}</code>
          </dd>
        </div>
        <div>
          <dt>Built</dt>
          <dd>{build.timestamp ? <time dateTime={new Date(build.timestamp).toISOString()}>{relativeTime(new Date(build.timestamp))}</time> : 'unknown'}</dd>
        </div>
        <div>
          <dt>Content rows</dt>
          <dd>{rows.toLocaleString('en-GB')}</dd>
        </div>
        <div>
          <dt>Release</dt>
          <dd>{stats ? `v${stats.version}` : '...'}</dd>
        </div>
        {docs.map((version) => (
          <div key={version.path}>
            <dt>{version.label}</dt>
            <dd>{version.pages.toLocaleString('en-GB')} pages</dd>
          </div>
        ))}
      </dl>

      <h2 id="warnings">Build warnings</h2>
      {warnings === null ? (
        <p className="muted">This build wrote no report; rebuild to see its warnings here.</p>
      ) : warnings.total === 0 ? (
        <EmptyState icon="i-lucide-circle-check" title="No warnings" description="The last content build reported nothing to fix." />
      ) : (
        <>
          <p className="muted">
            {warnings.total.toLocaleString('en-GB')} {warnings.total === 1 ? 'warning' : 'warnings'}, {warnings.brokenLinks.toLocaleString('en-GB')} broken{' '}
            {warnings.brokenLinks === 1 ? 'link' : 'links'}
            {warnings.shown.length < warnings.total ? ` (the first ${warnings.shown.length} shown)` : ''}.
          </p>
          <ul className="admin-warnings">
            {warnings.shown.map((warning, i) => (
              <li key={i}>
                <code>
                  {warning.file}
                  {warning.line ? `:${warning.line}` : ''}
                </code>{' '}
                {warning.field ? <strong>{warning.field}: </strong> : null}
                {warning.message}
              </li>
            ))}
          </ul>
        </>
      )}

      <h2>Content collections</h2>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">Collection</th>
              <th scope="col">Type</th>
              <th scope="col" className="numeric">
                Rows
              </th>
              <th scope="col" className="numeric">
                Database file
              </th>
              <th scope="col" className="numeric">
                gzip
              </th>
              <th scope="col" className="numeric">
                brotli
              </th>
            </tr>
          </thead>
          <tbody>
            {collections.map((c) => (
              <tr key={c.name}>
                <th scope="row">{c.name}</th>
                <td>{c.type}</td>
                <td className="numeric">{c.rows.toLocaleString('en-GB')}</td>
                <td className="numeric">{size(c.bytes.raw)}</td>
                <td className="numeric">{size(c.bytes.gzip)}</td>
                <td className="numeric">{size(c.bytes.brotli)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <SignOutEverywhere login={user?.login ?? 'this account'} />
    </>
  )
}
