import type { SiteConfig } from '../../src/contract/site-schema'

/** The login as `auth.admins` lists it (compared without case), or undefined when it is not an administrator. */
export function listedAdmin(config: Pick<SiteConfig, 'auth'>, login: string): string | undefined {
  const wanted = login.toLowerCase()
  return config.auth.admins.find((name) => name.toLowerCase() === wanted)
}
