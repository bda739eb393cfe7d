// `postinstall`: fixes to installed packages that are not released yet, applied to
// node_modules so that every consumer gets them (the browser's renderer through Vite,
// the content build, its workers, tests). Each is an exact text edit of one file, whose
// old text must be found once: a patch that finds neither its old text nor its new one
// reports that and changes nothing (the package changed; the tests named beside it say
// whether the bug is still there). Run again at any time (`node
// scripts/patch-packages.mjs`): it is idempotent.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..')

/** @type {Array<{ name: string, version: string, file: string, why: string, before: string, after: string, tests: string }>} */
export const PATCHES = [
  {
    name: 'remark-mdc',
    version: '3.11.1',
    file: 'dist/index.mjs',
    // A `]` at the start of a line, inside a span or an inline component's label that
    // holds an open `[` (`[a [b⏎]`, five characters suffice), was counted twice: the
    // label then closed on an empty text chunk, which micromark's subtokenizer loops on
    // for ever. The build hung on such a page with no message, and so did the browser's
    // renderer. At the start of a line the label now closes only when no `[` is open,
    // as it does mid-line.
    why: 'a line starting with `]` inside a label with an open `[` hung the parser',
    before: `    if (code === Codes.closingSquareBracket && !balance--) {
      return atClosingBrace(code);
    }
    if (markdownLineEnding(code)) {`,
    after: `    if (code === Codes.closingSquareBracket && !balance) {
      return atClosingBrace(code);
    }
    if (markdownLineEnding(code)) {`,
    tests: 'scripts/patch-packages.test.ts',
  },
  {
    name: 'remark-mdc',
    version: '3.11.1',
    file: 'dist/index.mjs',
    // A binding (`{{ value }}`) left open to the end of a paragraph consumed the end of
    // the input as its content, and micromark then threw: "Cannot read properties of
    // undefined (reading '_index')" for `Write {{ to open a binding.`, "Cannot access
    // index … in a splice buffer" or "Cannot close `paragraph`" for others. The build
    // stopped on the page with that stack and no line; the browser's renderer threw
    // too. An open binding is now text, as an unclosed `[` is.
    why: 'an unclosed `{{` made the parser throw',
    before: `  function content(code) {
    if (code === Codes.closingCurlyBracket) {
      return effects.attempt({ tokenize: attempClose, partial: true }, close, (code2) => {`,
    after: `  function content(code) {
    if (code === Codes.EOF) {
      return nok(code);
    }
    if (code === Codes.closingCurlyBracket) {
      return effects.attempt({ tokenize: attempClose, partial: true }, close, (code2) => {`,
    tests: 'scripts/patch-packages.test.ts',
  },
]

/**
 * Applies every patch that is not applied yet, to the packages installed under `root`.
 *
 * @param {{ root?: string, write?: boolean }} [options] `write: false` only reports
 * @returns {Array<{ patch: (typeof PATCHES)[number], state: 'applied' | 'unpatched' | 'patched' | 'missing' | 'changed' }>}
 *   per patch: applied now, to apply (`write: false`), found applied, package not
 *   installed, or the file holds neither text (left as it is)
 */
export function applyPatches({ root = projectRoot, write = true } = {}) {
  return PATCHES.map((patch) => {
    const file = join(root, 'node_modules', patch.name, patch.file)
    let text
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      return { patch, state: /** @type {const} */ ('missing') }
    }
    if (text.includes(patch.after) && !text.includes(patch.before)) return { patch, state: /** @type {const} */ ('patched') }
    if (text.split(patch.before).length !== 2) return { patch, state: /** @type {const} */ ('changed') }
    if (!write) return { patch, state: /** @type {const} */ ('unpatched') }
    writeFileSync(file, text.replace(patch.before, patch.after))
    return { patch, state: /** @type {const} */ ('applied') }
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = applyPatches()
  // Vite's dev server keeps pre-bundled copies of packages: drop them, so it bundles the patched files.
  if (results.some((r) => r.state === 'applied')) rmSync(join(projectRoot, 'node_modules', '.vite'), { recursive: true, force: true })
  for (const { patch, state } of results) {
    const label = `${patch.name} ${patch.file} (written for ${patch.version})`
    if (state === 'applied') console.log(`patched ${label}: ${patch.why}`)
    if (state === 'changed') console.warn(`not patched: ${label} holds neither the old text nor the new one (${patch.why}). See whether ${patch.tests} still passes.`)
  }
}
