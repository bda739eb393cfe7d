export interface PackagePatch {
  name: string
  version: string
  file: string
  why: string
  before: string
  after: string
  tests: string
}

/** See patch-packages.mjs. */
export const PATCHES: PackagePatch[]
export function applyPatches(options?: { root?: string; write?: boolean }): Array<{ patch: PackagePatch; state: 'applied' | 'unpatched' | 'patched' | 'missing' | 'changed' }>
