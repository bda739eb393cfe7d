import { Children, type ReactNode, useId } from 'react'

import { componentUrlProps } from '@/contract/content/mdc-components'

import { SmartLink } from './smart-link'

/*
 * A component the site does not know (`::code-preview` from another docs site,
 * `:link-example{link="…"}`): its content in a neutral frame labelled with its name, its
 * links as links, so the reader sees that something was there and what it held. The
 * build warns about each one with its file and line.
 */

interface FrameProps {
  'data-component'?: unknown
  title?: unknown
  label?: unknown
  children?: ReactNode
  [prop: string]: unknown
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined
}

/** The component's name, its title and its URL props (already through the link transform; an unsafe one is empty). */
function readFrame(props: FrameProps) {
  const urls = componentUrlProps.flatMap((key) => (text(props[key]) ? [text(props[key]) ?? ''] : []))
  const empty = !Children.toArray(props.children).some((child) => typeof child !== 'string' || child.trim())
  return { name: text(props['data-component']) ?? 'component', title: text(props.title) ?? text(props.label), urls: [...new Set(urls)], empty }
}

/** A block component: a figure captioned with the name; with nothing to hold, a small placeholder. */
export function UnknownBlock(props: FrameProps) {
  const { name, title, urls, empty } = readFrame(props)
  const id = useId()
  const blank = empty && !title && !urls.length
  return (
    <figure className={`mdc-frame${blank ? ' mdc-frame-empty' : ''}`} aria-labelledby={id}>
      <figcaption id={id} className="mdc-frame-label">
        {name}
      </figcaption>
      {blank ? null : (
        <div className="mdc-frame-body">
          {title ? <p className="mdc-frame-title">{title}</p> : null}
          {props.children}
          {urls.length ? (
            <ul className="mdc-frame-links">
              {urls.map((url) => (
                <li key={url}>
                  <SmartLink to={url}>{url}</SmartLink>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </figure>
  )
}

/** An inline component, among text: the same frame, inline. */
export function UnknownInline(props: FrameProps) {
  const { name, title, urls, empty } = readFrame(props)
  return (
    <span className={`mdc-frame-inline${empty && !title && !urls.length ? ' mdc-frame-empty' : ''}`} role="group" aria-label={name}>
      <span className="mdc-frame-label" aria-hidden="true">
        {name}
      </span>
      {title ? <span className="mdc-frame-title">{title}</span> : null}
      {empty ? null : <span className="mdc-frame-content">{props.children}</span>}
      {urls.map((url) => (
        <SmartLink key={url} to={url}>
          {url}
        </SmartLink>
      ))}
    </span>
  )
}
