import { currentBuildId } from './manifest'
import { trustBuildOutput } from './trusted'
import { siteUrl } from './url'

let redirects: Promise<Record<string, string>> | undefined

/** The build manifest's redirects (builds/meta/<id>.json, immutable for the build). */
export function getRedirects(): Promise<Record<string, string>> {
  const id = currentBuildId()
  if (!id) return Promise.resolve({})
  redirects ??= fetch(siteUrl(`/builds/meta/${id}.json`))
    .then(async (res) => (res.ok ? trustBuildOutput<{ redirects?: Record<string, string> }>(await res.json()).redirects ?? {} : {}))
    .catch(() => ({}))
  return redirects
}
