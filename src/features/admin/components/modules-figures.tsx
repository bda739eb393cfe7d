import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'

import { paths } from '@/contract/paths'
import { compactNumber, relativeTime } from '@/lib/format'
import { usePageTitle } from '@/lib/page-effects'

import { adminModulesQuery } from '../api'

import './admin.css'

/** /admin/modules: the module directory in figures, by category, and its most downloaded modules. */
export function AdminModules() {
  const figures = useSuspenseQuery(adminModulesQuery()).data
  usePageTitle('Modules · Admin')
  return (
    <>
      <h1>Modules</h1>
      <dl className="admin-figures">
        {(
          [
            ['Modules', figures.total.toLocaleString('en-GB')],
            ['Official', figures.official.toLocaleString('en-GB')],
            ['Sponsored', figures.sponsored.toLocaleString('en-GB')],
            ['Maintainers', figures.maintainers.toLocaleString('en-GB')],
            ['Downloads a month', compactNumber(figures.downloads)],
            ['Stars', compactNumber(figures.stars)],
            ['Not published for a year', figures.stale.toLocaleString('en-GB')],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <h2>By category</h2>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">Category</th>
              <th scope="col" className="numeric">
                Modules
              </th>
              <th scope="col" className="numeric">
                Downloads
              </th>
            </tr>
          </thead>
          <tbody>
            {figures.categories.map((row) => (
              <tr key={row.category}>
                <th scope="row">
                  <Link to={`${paths.modules()}?category=${encodeURIComponent(row.category)}`}>{row.category}</Link>
                </th>
                <td className="numeric">{row.modules.toLocaleString('en-GB')}</td>
                <td className="numeric">{compactNumber(row.downloads)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>Most downloaded</h2>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">Module</th>
              <th scope="col">Category</th>
              <th scope="col" className="numeric">
                Downloads
              </th>
              <th scope="col" className="numeric">
                Stars
              </th>
              <th scope="col">Updated</th>
            </tr>
          </thead>
          <tbody>
            {figures.top.map((module) => (
              <tr key={module.name}>
                <th scope="row">
                  <Link to={paths.module(module.name)}>{module.npm}</Link>
                </th>
                <td>{module.category}</td>
                <td className="numeric">{compactNumber(module.downloads)}</td>
                <td className="numeric">{compactNumber(module.stars)}</td>
                <td>
                  <time dateTime={module.publishedAt}>{relativeTime(module.publishedAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
