import type { ReactNode } from 'react'

import './browser-support.css'

/** The browsers this component knows, in the order they are listed. */
const browsers = [
  ['chrome', 'Chrome'],
  ['edge', 'Edge'],
  ['firefox', 'Firefox'],
  ['safari', 'Safari'],
  ['ios', 'Safari on iOS'],
  ['samsung', 'Samsung Internet'],
] as const

/**
 * `::browser-support{chrome="111" firefox="114" safari="16.4"}`: the oldest version of
 * each browser a release supports, as a table, with the component's content as a note
 * under it. A site component (site.config.ts `content.components`), not one of the
 * renderer's own: what a team adds for its docs without touching the renderer.
 */
export default function BrowserSupport(props: Record<string, unknown> & { children?: ReactNode }) {
  const rows = browsers.flatMap(([key, label]) => (typeof props[key] === 'string' && props[key] ? [{ key, label, version: props[key] }] : []))
  return (
    <figure className="browser-support">
      <table>
        <thead>
          <tr>
            <th scope="col">Browser</th>
            <th scope="col">Oldest supported version</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>{row.version}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {props.children ? <figcaption>{props.children}</figcaption> : null}
    </figure>
  )
}
