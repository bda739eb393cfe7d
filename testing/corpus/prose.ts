// English-like documentation prose: sentences, paragraphs, lists, tables,
// callouts and headings. Sentences come from templates filled with random
// vocabulary, so the same template reads differently almost every time.
import { article, capitalize, gerund, plural, titleCase, type Words } from './words'

type Template = (w: Words) => string

const SENTENCES: Template[] = [
  (w) => `Fjord ${w.verbs()} the ${w.n()} ${w.adv()}, so you rarely need to ${w.verb()} it by hand.`,
  (w) => `By default, the ${w.n()} is ${w.verbed()} during the build, but you can change this with the ${w.option()} option.`,
  (w) => `Each ${w.noun()} ${w.verbs()} its own ${w.n()}, which keeps the ${w.noun()} ${w.adj()} across requests.`,
  (w) => `If you need ${article(w.adj())} ${w.noun()}, call ${w.code()} inside ${article(w.noun())}.`,
  (w) => `The ${w.code()} composable returns ${article(w.adj())} ${w.n()} that you can pass to any ${w.noun()}.`,
  (w) => `Under the hood, Fjord ${w.verbs()} every ${w.noun()} before it ${w.verbs()} the ${w.n()}.`,
  (w) => `This is especially useful when your ${w.ns()} depend on ${w.adj()} ${w.nouns()}.`,
  (w) => `You can ${w.verb()} the ${w.n()} in ${w.file()} without restarting the dev server.`,
  (w) => `Keep in mind that ${w.nouns()} are ${w.verbed()} ${w.adv()}, which means the order of your ${w.ns()} matters.`,
  (w) => `In production, the ${w.n()} is ${w.verbed()} once and reused for every ${w.noun()}.`,
  (w) => `Set ${w.option()} to \`${w.rng.pick(['true', 'false'])}\` to ${w.verb()} ${w.nouns()} ${w.adv()}.`,
  (w) => `Run ${w.cmd()} to ${w.verb()} the ${w.n()} locally and inspect the result.`,
  (w) => `Avoid ${w.verbing()} the ${w.noun()} directly; instead, use ${w.code()} to keep the ${w.n()} ${w.adj()}.`,
  (w) => `Most applications only need a single ${w.noun()}, but larger projects often split it into several ${w.ns()}.`,
  (w) => `The ${w.pkg()} package ships with sensible defaults for the ${w.noun()}, the ${w.noun()}, and the ${w.n()}.`,
  (w) => `When ${article(w.noun())} fails, Fjord ${w.verbs()} the error to the nearest ${w.noun()} and renders a fallback.`,
  (w) => `Since version ${w.version()}, the ${w.n()} ${w.verbs()} ${w.nouns()} ${w.adv()}.`,
  (w) => `A common pattern is to ${w.verb()} the ${w.noun()} first and then ${w.verb()} the ${w.n()} in a separate step.`,
  (w) => `Because ${w.nouns()} are ${w.adj()}, they can be ${w.verbed()} without touching the ${w.n()}.`,
  (w) => `The ${w.noun()} receives the current ${w.n()} as its first argument and may return ${article(w.adj())} ${w.noun()}.`,
  (w) => `For most teams, ${w.verbing()} ${w.nouns()} ${w.adv()} is the simplest option that still scales.`,
  (w) => `You will see a warning in the terminal if ${article(w.noun())} is ${w.verbed()} more than once.`,
  (w) => `Fjord does not ${w.verb()} ${w.adj()} ${w.nouns()} unless you opt in with ${w.option()}.`,
  (w) => `Internally, every ${w.noun()} is keyed by its ${w.noun()}, so two ${w.nouns()} with the same key share one ${w.n()}.`,
  (w) => `To ${w.verb()} ${article(w.adj())} ${w.noun()}, export a function from ${w.file()} and reference it by name.`,
  (w) => `The ${w.n()} is available in both the ${w.noun()} and the ${w.noun()}, but it is only ${w.verbed()} on the server.`,
  (w) => `If the ${w.noun()} changes, Fjord ${w.verbs()} only the affected ${w.ns()} instead of the whole ${w.noun()}.`,
  (w) => `Think of ${article(w.noun())} as a thin layer that ${w.verbs()} ${w.nouns()} and hands them to the ${w.n()}.`,
  (w) => `This keeps your ${w.ns()} small and makes ${w.verbing()} them in tests straightforward.`,
  (w) => `Use ${w.code()} when the ${w.noun()} depends on the current ${w.noun()}; otherwise ${w.code()} is usually enough.`,
  (w) => `There is no need to ${w.verb()} the ${w.noun()} manually, as the ${w.pkg()} module takes care of it.`,
  (w) => `The result is ${article(w.adj())} ${w.n()} that ${w.verbs()} cleanly and is easy to reason about.`,
  (w) => `Note that ${w.nouns()} ${w.verbed()} ${w.adv()} are not shared between ${w.ns()}.`,
  (w) => `Projects with more than ${w.num(10, 500)} ${w.nouns()} usually benefit from ${w.verbing()} them ${w.adv()}.`,
  (w) => `Both approaches work, but ${w.verbing()} the ${w.noun()} ${w.adv()} tends to produce a smaller ${w.n()}.`,
  (w) => `When you deploy, the ${w.noun()} is ${w.verbed()} into ${article(w.adj())} ${w.noun()} that the runtime loads on startup.`,
  (w) => `The ${w.noun()} is typed end to end, so your editor can ${w.verb()} the ${w.n()} as you type.`,
  (w) => `Calling ${w.code()} outside of ${article(w.noun())} throws an error, because there is no active ${w.noun()}.`,
  (w) => `In development, Fjord ${w.verbs()} ${w.nouns()} on every change to give you instant feedback.`,
  (w) => `Give each ${w.noun()} a descriptive name; it shows up in logs, traces and the devtools ${w.noun()} panel.`,
  (w) => `Older versions ${w.verbed()} the ${w.n()} ${w.adv()}, which caused subtle bugs with ${w.adj()} ${w.nouns()}.`,
  (w) => `You can combine this with ${w.code()} to ${w.verb()} ${w.nouns()} and ${w.verb()} the ${w.n()} in one pass.`,
  (w) => `Once the ${w.noun()} is ready, the ${w.n()} is ${w.verbed()} and the page becomes interactive.`,
  (w) => `Prefer ${w.adj()} ${w.nouns()} for anything that is read often but rarely written.`,
  (w) => `The default timeout is ${w.num(1, 60)} seconds, after which the ${w.n()} is ${w.verbed()} again.`,
  (w) => `Under heavy load, ${w.verbing()} ${w.nouns()} ${w.adv()} can reduce memory usage by a noticeable margin.`,
  (w) => `Fjord reads ${w.option()} at startup and ${w.verbs()} the matching ${w.ns()} before the first request arrives.`,
  (w) => `It is safe to ${w.verb()} the same ${w.noun()} from several ${w.nouns()}, since each call gets its own ${w.noun()}.`,
]

const OPENERS = [
  'However, ',
  'In practice, ',
  'For example, ',
  'As a result, ',
  'In most cases, ',
  'Similarly, ',
  'On the other hand, ',
  'That said, ',
  'In addition, ',
  'Finally, ',
  'For this reason, ',
]

export function sentence(w: Words): string {
  let s = w.rng.pick(SENTENCES)(w)
  if (w.rng.chance(0.18)) {
    // Lower-case the first letter after an opener unless it starts a proper name or code span.
    const rest = /^(Fjord|[`*_])/.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1)
    s = w.rng.pick(OPENERS) + rest
  }
  return s
}

/** A paragraph of 2-6 sentences; `extra` sentences (e.g. links) are mixed in at random spots. */
export function paragraph(w: Words, extra: string[] = []): string {
  const parts: string[] = []
  const count = w.rng.int(2, 6)
  for (let i = 0; i < count; i++) parts.push(sentence(w))
  for (const e of extra) parts.splice(w.rng.int(1, parts.length), 0, e)
  return parts.join(' ')
}

const LINK_SENTENCES: ((link: string) => string)[] = [
  (l) => `See ${l} for more details.`,
  (l) => `This builds on the concepts described in ${l}.`,
  (l) => `For a complete reference, read ${l}.`,
  (l) => `If you are new to this topic, start with ${l}.`,
  (l) => `The same idea is explained step by step in ${l}.`,
  (l) => `You can learn how this interacts with other features in ${l}.`,
  (l) => `Related options are covered in ${l}.`,
]

export function linkSentence(w: Words, link: string): string {
  return w.rng.pick(LINK_SENTENCES)(link)
}

const ITEMS: Template[] = [
  (w) => `${capitalize(w.adj())} ${w.nouns()} that ${w.verb()} ${w.adv()}`,
  (w) => `${w.code()} to ${w.verb()} the current ${w.noun()}`,
  (w) => `Support for ${w.adj()} ${w.nouns()} and ${w.nouns()}`,
  (w) => `${capitalize(article(w.noun()))} that ${w.verbs()} ${w.nouns()} before they reach the ${w.noun()}`,
  (w) => `**${capitalize(w.noun())}**: ${sentence(w)}`,
  (w) => `${capitalize(gerund(w.verb()))} ${w.nouns()} with ${w.option()}`,
  (w) => `Built-in ${w.noun()} ${w.ns()} for ${w.adj()} ${w.nouns()}`,
  (w) => `The ${w.pkg()} package, which ${w.verbs()} ${w.nouns()} ${w.adv()}`,
  (w) => sentence(w),
]

export function bulletList(w: Words): string {
  return w.rng
    .sample(ITEMS, w.rng.int(3, 7))
    .map((item) => `- ${item(w)}`)
    .join('\n')
}

const STEPS: Template[] = [
  (w) => `Install the ${w.pkg()} package with your package manager.`,
  (w) => `Open ${w.file()} and ${w.verb()} the ${w.noun()}.`,
  (w) => `Add ${w.option()} to your configuration and restart the dev server.`,
  (w) => `Run ${w.cmd()} and check the output for ${w.adj()} ${w.nouns()}.`,
  (w) => `Call ${w.code()} from the ${w.noun()} that needs the ${w.noun()}.`,
  (w) => `Create ${article(w.adj())} ${w.noun()} in ${w.file()}.`,
  (w) => `Verify that the ${w.noun()} is ${w.verbed()} by reloading the page.`,
  (w) => `Commit the generated ${w.noun()} so that CI can ${w.verb()} it.`,
  (w) => `${capitalize(w.verb())} the ${w.noun()} and ${w.verb()} the resulting ${w.nouns()}.`,
]

export function numberedList(w: Words): string {
  // Sampling without replacement keeps one list from repeating the same step.
  return w.rng
    .sample(STEPS, w.rng.int(3, 6))
    .map((step, i) => `${i + 1}. ${step(w)}`)
    .join('\n')
}

// Table cells must never contain a raw `|`, so the cell generators below avoid
// union types and any other text that could include one.
const TYPES = ['`string`', '`number`', '`boolean`', '`string[]`', '`object`', '`Function`', '`Record<string, any>`', '`RegExp`']
const tableShapes: ((w: Words) => { head: string[]; rows: string[][] })[] = [
  (w) => {
    const withSince = w.rng.chance(0.4)
    const head = ['Option', 'Type', 'Default', 'Description', ...(withSince ? ['Since'] : [])]
    const rows: string[][] = []
    for (let i = w.rng.int(3, 8); i > 0; i--) {
      const row = [
        w.option(),
        w.rng.pick(TYPES),
        w.rng.pick(['`true`', '`false`', '`undefined`', `\`${w.num(1, 3600)}\``, `\`'${w.adj()}'\``]),
        capitalize(`${w.verbs()} the ${w.noun()} ${w.adv()}.`),
      ]
      if (withSince) row.push(`v${w.version()}`)
      rows.push(row)
    }
    return { head, rows }
  },
  (w) => {
    const rows: string[][] = []
    for (let i = w.rng.int(3, 6); i > 0; i--)
      rows.push([w.cmd(), capitalize(`${w.verbs()} ${w.nouns()} for the current ${w.noun()}.`), `\`${w.rng.pick(['npx', 'pnpm', 'yarn'])} ${w.cmd().slice(1, -1)}\``])
    return { head: ['Command', 'Description', 'Example'], rows }
  },
  (w) => {
    const rows: string[][] = []
    for (let i = w.rng.int(3, 7); i > 0; i--)
      rows.push([
        `\`${w.noun().replace(/ /g, '')}:${w.verb()}\``,
        `\`(${w.entity()}, ${w.noun().replace(/ .*/, '')})\``,
        w.rng.pick(['Server', 'Client', 'Both', 'Build']),
        capitalize(`called after the ${w.noun()} is ${w.verbed()}.`),
      ])
    return { head: ['Hook', 'Arguments', 'Environment', 'Description'], rows }
  },
  (w) => {
    const rows: string[][] = []
    for (let i = w.rng.int(3, 7); i > 0; i--) rows.push([titleCase(`${w.adj()} ${plural(w.noun())}`), ...[0, 1, 2, 3].map(() => w.rng.pick(['Yes', 'No', 'Partial', 'Yes']))])
    return { head: ['Feature', 'SSR', 'SSG', 'SPA', 'Edge'], rows }
  },
]

export function table(w: Words): string {
  const { head, rows } = w.rng.pick(tableShapes)(w)
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n')
}

/** MDC callouts (`::tip`, `::warning`, `::note`) and GitHub alerts (`> [!NOTE]`). */
export function callout(w: Words): string {
  if (w.rng.chance(0.45)) {
    const kind = w.rng.pick(['NOTE', 'TIP', 'WARNING', 'IMPORTANT'])
    return `> [!${kind}]\n> ${sentence(w)}${w.rng.chance(0.4) ? ` ${sentence(w)}` : ''}`
  }
  const kind = w.rng.weighted([
    ['tip', 4],
    ['warning', 3],
    ['note', 2],
    ['caution', 1],
  ] as const)
  const body = [sentence(w)]
  for (let i = w.rng.int(0, 2); i > 0; i--) body.push(sentence(w))
  return `::${kind}\n${body.join(' ')}\n::`
}

const H2: Template[] = [
  (w) => `Configuring ${titleCase(plural(w.noun()))}`,
  (w) => `Using \`${w.composableName()}\``,
  (w) => titleCase(`${w.adj()} ${plural(w.noun())}`),
  (w) => titleCase(`${gerund(w.verb())} ${plural(w.noun())}`),
  (w) => `Working with ${titleCase(plural(w.noun()))}`,
  (w) => `${titleCase(w.noun())} Options`,
  (w) => `When to Use ${titleCase(w.adj())} ${titleCase(plural(w.noun()))}`,
  (w) => `${titleCase(plural(w.noun()))} in Production`,
  (w) => `How ${titleCase(plural(w.noun()))} Are ${titleCase(w.verbed())}`,
  (w) =>
    w.rng.pick([
      'Overview',
      'Installation',
      'Usage',
      'Examples',
      'Best Practices',
      'Troubleshooting',
      'Limitations',
      'Type Safety',
      'Performance',
      'Testing',
      'Caveats',
      'Next Steps',
      'Migration Notes',
      'API Reference',
      'Error Handling',
      'Security Considerations',
      'How It Works',
      'Debugging',
      'Common Patterns',
      'Known Issues',
      'FAQ',
      'Setup',
      'Quick Start',
      'Deployment',
      'Recipes',
    ]),
]

const H3: Template[] = [
  (w) => `With ${titleCase(w.adj())} ${titleCase(plural(w.noun()))}`,
  (w) => `Custom ${titleCase(w.noun())}`,
  (w) => `${titleCase(w.noun())} Lifecycle`,
  (w) => `Passing ${titleCase(plural(w.noun()))}`,
  (w) => `Example: ${titleCase(gerund(w.verb()))} ${titleCase(plural(w.entity()))}`,
  (w) => `The \`${w.composableName()}\` Helper`,
  (w) => `${titleCase(gerund(w.verb()))} ${titleCase(w.adv())}`,
  (w) => `On the ${w.rng.pick(['Server', 'Client', 'Edge'])}`,
]

const H4 = ['Parameters', 'Returns', 'Type Definition', 'Default Value', 'Edge Cases', 'Notes', 'Example', 'Errors']

export function headingText(w: Words, level: 2 | 3 | 4): string {
  if (level === 4) return w.rng.pick(H4)
  return w.rng.pick(level === 2 ? H2 : H3)(w)
}

const DESCRIPTIONS: ((w: Words, topic: string) => string)[] = [
  (w, t) => `Learn how ${t.toLowerCase()} works in Fjord and how to ${w.verb()} ${w.nouns()} ${w.adv()}.`,
  (w, t) => `${t} lets you ${w.verb()} ${w.adj()} ${w.nouns()} without extra configuration.`,
  (w, t) => `A guide to ${t.toLowerCase()}, from the basics to ${w.adj()} ${w.nouns()} in production.`,
  (w, t) => `Reference for ${t.toLowerCase()}: options, types and ${w.adj()} ${w.nouns()}.`,
  (w, t) => `Use ${t.toLowerCase()} to ${w.verb()} ${w.nouns()} and keep your ${w.nouns()} ${w.adj()}.`,
]

export function description(w: Words, topic: string): string {
  return w.rng.pick(DESCRIPTIONS)(w, topic)
}
