import { useSuspenseQuery } from '@tanstack/react-query'

import { relativeTime } from '../../../lib/format'
import { usePageTitle } from '../../../lib/page-effects'
import { useStats } from '../../../lib/stats'
import { dashboardQuery, useSession } from '../api'

/**
 * The admin dashboard: what is deployed. The build and when it was made, every
 * content collection with its rows and checksum, and the release figures.
 */
export function AdminDashboard() {
  const { manifest, build } = useSuspenseQuery(dashboardQuery()).data
  const user = useSession().session.user
  const stats = useStats()
  usePageTitle('Admin')
  const collections = Object.entries(manifest.collections)
  const rows = collections.reduce((sum, [, c]) => sum + c.rows, 0)
  return (
    <>
      <h1>Welcome, {String(user?.name ?? user?.login ?? 'admin')}</h1>
      <dl className="admin-figures">
        <div>
          <dt>Build</dt>
          <dd>
            <code>{build?.id ?? manifest.buildId}</code>
          </dd>
        </div>
        <div>
          <dt>Built</dt>
          <dd>{build ? <time dateTime={new Date(build.timestamp).toISOString()}>{relativeTime(new Date(build.timestamp))}</time> : 'unknown'}</dd>
        </div>
        <div>
          <dt>Content rows</dt>
          <dd>{rows}</dd>
        </div>
        <div>
          <dt>Release</dt>
          <dd>{stats ? `v${stats.version}` : '...'}</dd>
        </div>
      </dl>
      <h2>Content collections</h2>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">Collection</th>
              <th scope="col">Type</th>
              <th scope="col">Rows</th>
              <th scope="col">Checksum</th>
              <th scope="col">Dump</th>
            </tr>
          </thead>
          <tbody>
            {collections.map(([name, c]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>{c.type}</td>
                <td>{c.rows}</td>
                <td>
                  <code>{c.checksum.slice(0, 12)}</code>
                </td>
                <td>
                  <a href={c.dump}>sql_dump.txt</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
