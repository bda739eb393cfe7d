import { storageKey } from '../config/site'

/** Set to "true" in localStorage to keep this browser's visits out of the analytics. */
export const ANALYTICS_IGNORE_KEY = storageKey('analytics-ignore')

export interface AnalyticsConfig {
  endpoint: string
  domain: string
}

interface Environment {
  location: Pick<Location, 'hostname' | 'protocol' | 'href'>
  referrer: string
  ignored: boolean
  send: (url: string, body: string) => void
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/** Why a page view is not sent, or undefined when it is. */
export function skipReason(env: Pick<Environment, 'location' | 'ignored'>): string | undefined {
  if (LOCAL_HOSTS.has(env.location.hostname) || env.location.hostname.endsWith('.localhost')) return 'localhost'
  if (env.location.protocol !== 'http:' && env.location.protocol !== 'https:') return 'not http'
  if (env.ignored) return 'ignored'
  return undefined
}

/** Sends one page view, unless this visit is skipped. Returns whether it was sent. */
export function trackPageView(config: AnalyticsConfig, env: Environment = browserEnvironment()): boolean {
  if (skipReason(env)) return false
  env.send(config.endpoint, JSON.stringify({ name: 'pageview', url: env.location.href, domain: config.domain, referrer: env.referrer || null }))
  return true
}

function browserEnvironment(): Environment {
  let ignored = false
  try {
    ignored = localStorage.getItem(ANALYTICS_IGNORE_KEY) === 'true'
  } catch {
    ignored = false
  }
  return {
    location: window.location,
    referrer: document.referrer,
    ignored,
    // A beacon survives the page being left; fetch with keepalive where beacons are missing.
    send: (url, body) => {
      if (!navigator.sendBeacon?.(url, new Blob([body], { type: 'text/plain' }))) void fetch(url, { method: 'POST', body, keepalive: true }).catch(() => undefined)
    },
  }
}
