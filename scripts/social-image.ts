import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'

import { renderBrandAsset } from '../content-build/outputs/brand-assets'
import config from '../site.config'

/**
 * `npm run social-image [-- --out FILE] [--force]`: draws the default social image (the
 * brand's icon, name, tagline, description and address in the theme's colours, 1200 ×
 * 630) as the build does, into public/ at `brand.socialImage`, where the build then uses
 * it instead of drawing its own: edit or replace it there, or delete it to have the
 * build draw it again. `--out` writes it elsewhere (a preview); `--force` replaces a
 * file already there.
 */
async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' }, force: { type: 'boolean', default: false } } })
  const root = resolve(import.meta.dirname, '..')
  const publicDir = join(root, 'public')
  const inPublic = join(publicDir, ...config.brand.socialImage.split('/').filter(Boolean))
  const out = resolve(values.out ?? inPublic)
  const shown = relative(process.cwd(), out).startsWith('..') ? out : relative(process.cwd(), out)
  if (existsSync(out) && !values.force) {
    console.error(`${shown} already exists: run with --force to replace it, or --out FILE to write elsewhere.`)
    process.exit(1)
  }
  const read = async (path: string) => {
    const file = join(publicDir, ...path.split('/').filter(Boolean))
    return existsSync(file) ? readFile(file) : undefined
  }
  process.stderr.write(`drawing ${config.brand.name}'s social image from ${config.brand.icon.light} …\n`)
  const image = await renderBrandAsset(config.brand.socialImage, config, read)
  if (!image) {
    console.error(`brand.icon.light in site.config.ts is ${config.brand.icon.light}, which is not in public/: add the icon there or point brand.icon.light at it.`)
    process.exit(1)
  }
  await mkdir(dirname(out), { recursive: true })
  await writeFile(out, image.body)
  process.stderr.write(
    `${shown} written (1200 × 630, ${(image.body.length / 1024).toFixed(0)} KB)${out === inPublic ? `: the build now serves this file at ${config.brand.socialImage}; delete it to have the build draw it again` : ''}\n`,
  )
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
})
