import * as core from 'zod/v4/core'

import { linkFields, metaSections, type Schemas, schemas } from '../../src/contract/content/schemas'
import { isRecord } from '../../src/contract/is-record'
import type { ParsedYaml } from '../formats/front-matter'
import { isExternal } from '../markdown/links'
import type { LinkRef } from '../markdown/transform'

/** A field holding a link or an image: its path, `*` standing for every item of a list (or value of a record). */
export interface LinkField {
  path: readonly string[]
  kind: LinkRef['kind']
}

/**
 * Every field of `schema` registered as a link or an image (`linkFields` in
 * src/contract/content/schemas.ts), found by walking the schema itself: a new field
 * written with the schemas' `href` or `image` is checked by being declared.
 */
export function linkFieldsOf(schema: core.$ZodType): LinkField[] {
  const found = new Map<string, LinkField>()
  const walk = (node: core.$ZodType, path: string[]) => {
    const mark = linkFields.get(node)
    if (mark) {
      found.set(`${mark.kind} ${path.join('.')}`, { path, kind: mark.kind })
    } else if (node instanceof core.$ZodObject) {
      for (const [key, value] of Object.entries(node._zod.def.shape)) walk(value, [...path, key])
    } else if (node instanceof core.$ZodArray) {
      walk(node._zod.def.element, [...path, '*'])
    } else if (node instanceof core.$ZodRecord) {
      walk(node._zod.def.valueType, [...path, '*'])
    } else if (node instanceof core.$ZodUnion) {
      for (const option of node._zod.def.options) walk(option, path)
    } else if (node instanceof core.$ZodPipe) {
      walk(node._zod.def.in, path)
    } else if (
      node instanceof core.$ZodOptional ||
      node instanceof core.$ZodNullable ||
      node instanceof core.$ZodDefault ||
      node instanceof core.$ZodPrefault ||
      node instanceof core.$ZodNonOptional ||
      node instanceof core.$ZodReadonly ||
      node instanceof core.$ZodCatch
    ) {
      walk(node._zod.def.innerType, path)
    }
  }
  walk(schema, [])
  return [...found.values()]
}

const bySchema = new Map<keyof Schemas, { fields: LinkField[]; meta: LinkField[] }>()

/** The link fields of a collection's schema and of the `meta` sections its pages read. */
function fieldsOf(name: keyof Schemas) {
  let known = bySchema.get(name)
  if (!known) {
    const meta = metaSections[name]
    known = { fields: linkFieldsOf(schemas[name]), meta: meta ? linkFieldsOf(meta) : [] }
    bySchema.set(name, known)
  }
  return known
}

/**
 * The links and images a content file's fields hold (its front matter, or the whole
 * YAML file), each with the line it is written on and its field (`cta.links.1.to`).
 * `resolve` turns a link as written into the site path it means (a page's relative and
 * unversioned links); the field is rewritten in place, so the page links where the check
 * looked. External URLs are the author's to keep working and are left alone.
 */
export function fieldLinks(
  name: keyof Schemas,
  data: { fields: Record<string, unknown>; meta: Record<string, unknown> },
  yaml: Pick<ParsedYaml, 'lineOf'>,
  resolve?: (url: string) => string,
): LinkRef[] {
  const { fields, meta } = fieldsOf(name)
  const links: LinkRef[] = []
  const collect = (record: Record<string, unknown>, field: LinkField) => {
    for (const { holder, key, at } of located(record, field.path, [])) {
      const written = Reflect.get(holder, key)
      if (typeof written !== 'string' || !written || isExternal(written)) continue
      // A data file is no page: an anchor alone in it points nowhere the check can follow.
      if (written.startsWith('#') && !resolve) continue
      let url = written
      if (field.kind === 'link' && resolve) {
        url = resolve(written)
        Reflect.set(holder, key, url)
      }
      links.push({ url, line: yaml.lineOf(at), kind: field.kind, field: at.join('.') })
    }
  }
  for (const field of fields) collect(data.fields, field)
  for (const field of meta) collect(data.meta, field)
  return links
}

/** Where `path` leads in `data`: each place's holder (object or list), its key and its full path. */
function* located(data: unknown, path: readonly string[], at: (string | number)[]): Generator<{ holder: object; key: string | number; at: (string | number)[] }> {
  const [head, ...rest] = path
  if (head === undefined) return
  if (head === '*') {
    const entries: [string | number, unknown][] = Array.isArray(data) ? [...data.entries()] : isRecord(data) ? Object.entries(data) : []
    for (const [key, value] of entries) {
      if (rest.length) yield* located(value, rest, [...at, key])
      else if (Array.isArray(data) || isRecord(data)) yield { holder: data, key, at: [...at, key] }
    }
    return
  }
  if (!isRecord(data) || !(head in data)) return
  if (rest.length) yield* located(data[head], rest, [...at, head])
  else yield { holder: data, key: head, at: [...at, head] }
}
