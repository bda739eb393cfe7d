import { useEffect, useState } from 'react'
import Markdown from 'react-markdown'
import remarkGfm from 'remark-gfm'
import remarkMdc from 'remark-mdc'

import type { PageBody } from '../lib/content/body'

interface Payload {
  page: { title: string; description: string; body: PageBody }
}

type State = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; payload: Payload }

function payloadUrl(path: string): string {
  return `${path.replace(/\/+$/, '')}/_payload.json`
}

/**
 * Renders one content route from its build-time payload. A first, plain reader of
 * the compiled content; the app shell with routing, layouts and the full component
 * map replaces it.
 */
export function ContentPage({ path }: { path: string }) {
  const [state, setState] = useState<State>({ status: 'loading' })

  useEffect(() => {
    const controller = new AbortController()
    fetch(payloadUrl(path), { signal: controller.signal })
      .then(async (res) => {
        const isJson = res.headers.get('content-type')?.includes('json')
        setState(res.ok && isJson ? { status: 'ready', payload: await res.json() } : { status: 'missing' })
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'missing' })
        if (!(error instanceof DOMException)) console.error(error)
      })
    return () => controller.abort()
  }, [path])

  if (state.status === 'loading') return <main aria-busy="true" />
  if (state.status === 'missing') {
    return (
      <main>
        <h1>404</h1>
        <p>Page not found: {path}</p>
        <a href="/">Back to home</a>
      </main>
    )
  }
  const { page } = state.payload
  return (
    <main>
      <h1>{page.title}</h1>
      {page.description ? <p>{page.description}</p> : null}
      <Markdown remarkPlugins={[remarkGfm, remarkMdc]}>{page.body.value}</Markdown>
    </main>
  )
}
