import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * The emails the outbox mailer wrote to `dir`, oldest first, as text a test can search:
 * quoted-printable soft line breaks joined and escapes decoded, so links read whole.
 * (ASCII only: what the newsletter's emails hold.)
 */
export async function readOutbox(dir: string): Promise<string[]> {
  const files = (await readdir(dir).catch(() => [])).filter((file) => file.endsWith('.eml')).sort()
  const texts = await Promise.all(files.map((file) => readFile(join(dir, file), 'utf8')))
  return texts.map((text) => text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))))
}
