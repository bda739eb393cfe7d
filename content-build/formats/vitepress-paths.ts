/**
 * Where VitePress puts a source file: its `srcExclude` globs, its `rewrites` patterns
 * and the locale folders this build leaves out. Plain functions over paths relative
 * to the source folder (`srcDir`), POSIX separators.
 */

/** What discovery needs of a VitePress config, as plain data (definitions are posted to worker threads). */
export interface VitepressPlacement {
  /** Globs of source files VitePress does not build (`srcExclude`), relative to the source folder. */
  exclude: readonly string[]
  /** `rewrites` as `[from, to]` patterns (`'en/:rest*'`, `':rest*'`), tried in order; the first match wins. */
  rewrites: readonly (readonly [string, string])[]
  /** Folders, after rewrites, whose pages this collection leaves out (the locales, read as collections of their own). */
  leftOut: readonly string[]
  /** The locale folder (after rewrites) this collection reads: only its pages, each at its path inside it (`es/guide/a.md` → `guide/a.md`). */
  only?: string
}

/**
 * The path a source file takes in the site (`en/guide/a.md` -> `guide/a.md`), or
 * undefined when VitePress would not build it or it belongs to a locale left out
 * (or, for a locale's collection, to none but its own).
 */
export function placeSourceFile(placement: VitepressPlacement): (rel: string) => string | undefined {
  const excluded = excludedBy(placement.exclude)
  const rewrites = placement.rewrites.map(([from, to]) => ({ match: patternToRegExp(from), to }))
  const trim = (folder: string) => folder.replace(/^\/+|\/+$/g, '')
  const leftOut = placement.leftOut.map(trim).filter(Boolean)
  const only = placement.only === undefined ? undefined : trim(placement.only)
  return (rel) => {
    if (excluded(rel)) return undefined
    const target = rewriteWith(rewrites, rel) ?? rel
    if (only) return target.startsWith(`${only}/`) ? target.slice(only.length + 1) : undefined
    return leftOut.some((folder) => target === folder || target.startsWith(`${folder}/`)) ? undefined : target
  }
}

/** Whether `srcExclude` leaves a file (or folder) out: a glob that matches a folder excludes what is inside it, as VitePress' file search does. */
export function excludedBy(globs: readonly string[]): (rel: string) => boolean {
  const excluded = globs.map(globToRegExp)
  if (!excluded.length) return () => false
  return (rel) => {
    const parts = rel.split('/')
    return parts.some((_, i) => {
      const path = parts.slice(0, i + 1).join('/')
      return excluded.some((re) => re.test(path))
    })
  }
}

function rewriteWith(rewrites: readonly { match: CompiledPattern; to: string }[], rel: string): string | undefined {
  for (const { match, to } of rewrites) {
    const params = match.exec(rel)
    if (params) return fillPattern(to, params)
  }
  return undefined
}

/** `rewrites` for one pair: `rewrite('en/guide/a.md', 'en/:rest*', ':rest*')` is `guide/a.md`; undefined when it does not match. */
export function rewrite(rel: string, from: string, to: string): string | undefined {
  return rewriteWith([{ match: patternToRegExp(from), to }], rel)
}

interface CompiledPattern {
  exec(path: string): Map<string, string> | undefined
}

type Token = { literal: string } | { name: string; modifier: '' | '?' | '*' | '+'; pattern?: string }

/**
 * VitePress matches rewrites with path-to-regexp: `:name` is one segment, `:name?` an
 * optional one, `:name*` zero or more and `:name+` one or more (with the slash before
 * them), `(regex)` an unnamed group (`:0`, `:1`…) or a named one's own pattern.
 * Case is ignored, as path-to-regexp ignores it by default.
 */
function tokenize(pattern: string): Token[] {
  const tokens: Token[] = []
  let literal = ''
  let unnamed = 0
  let i = 0
  const group = (): string => {
    // A balanced `(…)`, escapes kept as they are.
    let depth = 0
    const start = i
    for (; i < pattern.length; i++) {
      if (pattern[i] === '\\') i++
      else if (pattern[i] === '(') depth++
      else if (pattern[i] === ')' && --depth === 0) break
    }
    i++
    return pattern.slice(start + 1, i - 1)
  }
  while (i < pattern.length) {
    const char = pattern[i] ?? ''
    const name = char === ':' ? /^[\w$]+/.exec(pattern.slice(i + 1))?.[0] : undefined
    if (char === '\\') {
      literal += pattern[i + 1] ?? ''
      i += 2
      continue
    }
    if (!name && char !== '(') {
      literal += char
      i++
      continue
    }
    if (literal) tokens.push({ literal })
    literal = ''
    let paramName: string
    let own: string | undefined
    if (name) {
      paramName = name
      i += name.length + 1
      if (pattern[i] === '(') own = group()
    } else {
      paramName = String(unnamed++)
      own = group()
    }
    const next = pattern[i]
    const modifier = next === '?' || next === '*' || next === '+' ? next : ''
    if (modifier) i++
    tokens.push({ name: paramName, modifier, ...(own === undefined ? {} : { pattern: own }) })
  }
  if (literal) tokens.push({ literal })
  return tokens
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

function patternToRegExp(pattern: string): CompiledPattern {
  const tokens = tokenize(pattern.replace(/^\/+/, ''))
  const names: string[] = []
  let source = ''
  for (const [i, token] of tokens.entries()) {
    if ('literal' in token) {
      const next = tokens[i + 1]
      // The slash before an optional or repeated parameter belongs to it: `en/:rest*` matches `en` too.
      const slashOwned = next && 'name' in next && next.modifier && next.modifier !== '+' && token.literal.endsWith('/')
      source += escape(slashOwned ? token.literal.slice(0, -1) : token.literal)
      continue
    }
    names.push(token.name)
    const segment = token.pattern ?? '[^/]+?'
    const previous = tokens[i - 1]
    const prefix = previous && 'literal' in previous && previous.literal.endsWith('/') ? '\\/' : ''
    if (token.modifier === '' || token.modifier === '+') {
      source += token.modifier === '+' ? `((?:${segment})(?:\\/(?:${segment}))*)` : `(${segment})`
    } else if (token.modifier === '?') {
      source += `(?:${prefix}(${segment}))?`
    } else {
      source += `(?:${prefix}((?:${segment})(?:\\/(?:${segment}))*))?`
    }
  }
  const re = new RegExp(`^${source}$`, 'i')
  return {
    exec(path) {
      const match = re.exec(path)
      if (!match) return undefined
      return new Map(names.map((name, i) => [name, match[i + 1] ?? '']))
    },
  }
}

/** The `to` side of a rewrite with the matched parameters put in; an empty optional one takes its slash with it. */
function fillPattern(pattern: string, params: ReadonlyMap<string, string>): string {
  let out = ''
  for (const token of tokenize(pattern.replace(/^\/+/, ''))) {
    if ('literal' in token) out += token.literal
    else {
      const value = params.get(token.name) ?? ''
      if (!value && out.endsWith('/') && token.modifier && token.modifier !== '+') out = out.slice(0, -1)
      out += value
    }
  }
  return out.replace(/^\/+/, '')
}

/**
 * A glob as VitePress' file search reads `srcExclude` (picomatch rules, the common
 * part): `**` any number of folders, `*` and `?` within a name, `{a,b}` either,
 * `[abc]` one of. Names starting with a dot are matched only when the glob says so.
 */
export function globToRegExp(glob: string): RegExp {
  let source = ''
  let braces = 0
  const pattern = glob.replace(/^\.\//, '').replace(/^\/+/, '')
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] ?? ''
    if (char === '*' && pattern[i + 1] === '*') {
      const atStart = i === 0 || pattern[i - 1] === '/'
      const atEnd = i + 2 === pattern.length || pattern[i + 2] === '/'
      if (atStart && atEnd) {
        // `**/` is zero or more folders; a final `**` is anything below.
        source += i + 2 === pattern.length ? '(?:(?!\\.)[^/]+(?:/(?!\\.)[^/]+)*)?' : '(?:(?!\\.)[^/]+/)*'
        i += pattern[i + 2] === '/' ? 2 : 1
        continue
      }
      source += '[^/]*'
      i++
    } else if (char === '*') source += i === 0 || pattern[i - 1] === '/' ? '(?!\\.)[^/]*' : '[^/]*'
    else if (char === '?') source += '[^/]'
    else if (char === '{') {
      braces++
      source += '(?:'
    } else if (char === '}' && braces > 0) {
      braces--
      source += ')'
    } else if (char === ',' && braces > 0) source += '|'
    else if (char === '[') {
      const end = pattern.indexOf(']', i + 1)
      if (end === -1) source += '\\['
      else {
        source += `[${pattern
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`
        i = end
      }
    } else if (char === '\\') {
      source += escape(pattern[i + 1] ?? '')
      i++
    } else source += escape(char)
  }
  return new RegExp(`^${source}$`)
}
