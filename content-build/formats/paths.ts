import slugify from 'slugify'

/**
 * Path and order rules for content files, Nuxt Content style:
 * - a numeric prefix (`2.installation.md`) orders files and disappears from the path;
 * - `index.md` is its folder's page;
 * - each segment is slugged as Nuxt Content slugs it (the `slugify` package, lower
 *   case: `$fetch` -> `dollarfetch`, `useFoo` -> `usefoo`);
 * - the collection's prefix (`/docs/4.x`) is put in front.
 */

const ORDER_PREFIX = /^(\d+)\.(?=.)/

export function stripOrderPrefix(segment: string): string {
  return segment.replace(ORDER_PREFIX, '')
}

export function withoutExtension(file: string): string {
  return file.replace(/\.(md|ya?ml)$/i, '')
}

/** `1.getting-started/2.installation.md` + `/docs/4.x` -> `/docs/4.x/getting-started/installation`. */
export function pathFromFile(relativeFile: string, prefix: string, options: PathOptions = {}): string {
  return joinPath(prefix, ...fileSegments(relativeFile, options).map((segment) => slugify(segment, { lower: true })))
}

export interface PathOptions {
  /** The file is a README.md standing in for its folder's index. */
  folderPage?: boolean | undefined
}

/**
 * The path a file would have with its names as written (`/docs/4.x/api/$fetch`), when
 * that differs from its slugged path: the build redirects it, so a link written
 * against the file name still arrives.
 */
export function literalPathFromFile(relativeFile: string, prefix: string, options: PathOptions = {}): string | undefined {
  const literal = joinPath(prefix, ...fileSegments(relativeFile, options))
  return literal === pathFromFile(relativeFile, prefix, options) ? undefined : literal
}

function fileSegments(relativeFile: string, { folderPage = false }: PathOptions): string[] {
  const segments = withoutExtension(relativeFile).split('/').map(stripOrderPrefix)
  if (segments.at(-1) === 'index' || (folderPage && segments.at(-1)?.toLowerCase() === 'readme')) segments.pop()
  return segments
}

export function joinPath(...parts: string[]): string {
  const joined = parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')
  return `/${joined}`
}

/** Orders two relative file paths the way authors expect: by numeric prefix, then by name; index first. */
export function compareContentFiles(a: string, b: string): number {
  const sa = withoutExtension(a).split('/')
  const sb = withoutExtension(b).split('/')
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const order = compareSegments(sa[i] ?? '', sb[i] ?? '', i === sa.length - 1, i === sb.length - 1)
    if (order !== 0) return order
  }
  return sa.length - sb.length
}

function compareSegments(a: string, b: string, aIsLeaf: boolean, bIsLeaf: boolean): number {
  if (a === b) return 0
  // A folder's index page comes before everything else in that folder.
  if (aIsLeaf && a === 'index') return -1
  if (bIsLeaf && b === 'index') return 1
  const na = ORDER_PREFIX.exec(a)
  const nb = ORDER_PREFIX.exec(b)
  if (na && nb && na[1] !== nb[1]) return Number(na[1]) - Number(nb[1])
  if (na && !nb) return -1
  if (!na && nb) return 1
  return stripOrderPrefix(a).localeCompare(stripOrderPrefix(b), 'en')
}

/** `getting-started` -> `Getting Started`, for folders and files without a title. */
export function titleFromSegment(segment: string): string {
  return stripOrderPrefix(segment)
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join(' ')
}
