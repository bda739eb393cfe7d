import type { ParseReply, ParseRequest } from './body-parser'
import { bodyTree } from './body-tree'

/**
 * What the parsing worker answers a request with (parse.worker.ts runs this). Apart from
 * the channel (body-parser.ts), which the main thread holds without the parser.
 */
export function parseReply({ id, body, part, siteComponents }: ParseRequest & { id: number }): ParseReply {
  return { id, tree: bodyTree(body, part, new Set(siteComponents)) }
}
