import { site, sitePath } from '@/config/site'

/** SPEC: the widget is looked for every 10 ms, 200 times (two seconds), after its script is added. */
export const ASK_AI_POLL_MS = 10
export const ASK_AI_POLL_TIMES = 200

/** What the widget script defines on `window[global]`. */
interface AskAiWidget {
  open: (options?: { query?: string; submit?: boolean }) => void
}

/** Whether the site has an Ask AI widget to open: a script to load, and the section not switched off (sections.askAi). */
export const askAiEnabled = Boolean(site.askAi?.scriptUrl) && site.sections.askAi

let ready: Promise<AskAiWidget | undefined> | undefined

function widgetNow(name: string): AskAiWidget | undefined {
  const value: unknown = Reflect.get(window, name)
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'open') === 'function' ? (value as AskAiWidget) : undefined
}

/**
 * The widget, once its script has defined it: the script is added to the page the
 * first time (never before a reader asks), then the global is polled. Undefined when
 * it never appears; a later ask tries again.
 */
function loadWidget(url: string, name: string): Promise<AskAiWidget | undefined> {
  if (!document.querySelector('script[data-ask-ai]')) {
    const script = document.createElement('script')
    script.src = url
    script.async = true
    script.dataset.askAi = ''
    document.head.append(script)
  }
  return new Promise((resolve) => {
    let tries = 0
    const check = () => {
      const widget = widgetNow(name)
      if (widget || ++tries >= ASK_AI_POLL_TIMES) resolve(widget)
      else setTimeout(check, ASK_AI_POLL_MS)
    }
    check()
  })
}

/**
 * Opens the Ask AI widget, with the reader's question submitted when there is one.
 * A widget that does not load is reported on the console only (SPEC: no message to
 * the reader), and the next ask loads it afresh.
 */
export async function openAskAi(query = ''): Promise<boolean> {
  const config = site.askAi
  if (!config?.scriptUrl || !askAiEnabled) return false
  ready ??= loadWidget(sitePath(config.scriptUrl), config.global)
  const widget = await ready
  if (!widget) {
    ready = undefined
    document.querySelector('script[data-ask-ai]')?.remove()
    console.warn(`[site] The Ask AI widget did not load: ${config.scriptUrl} defined no window.${config.global} after ${ASK_AI_POLL_TIMES} checks, ${ASK_AI_POLL_MS} ms apart.`)
    return false
  }
  const question = query.trim()
  widget.open(question ? { query: question, submit: true } : {})
  return true
}
