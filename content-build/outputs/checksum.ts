import { createHash } from 'node:crypto'

/** A text's checksum as the build's file names and manifests carry it: the start of its SHA-256, in hex. */
export function hash(text: string | Buffer, length = 12): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length)
}
