import type { Root as HastRoot } from 'hast'

import { WorkerChannel, type WorkerLike } from '@/lib/worker-channel'

import type { BodySource } from './body-tree'

export interface ParseRequest {
  body: BodySource
  /** Which part of a long body (0 for the first or only one). */
  part: number
  siteComponents: string[]
}

export interface ParseReply {
  id: number
  tree: HastRoot
}

const createWorker = (): WorkerLike<ParseReply> => new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module', name: 'markdown' })

/**
 * Bodies parsed in a worker, a part at a time (the first is what a click draws first), sent
 * with only what parsing reads (not the code blocks' tokens). Resolves undefined where
 * no worker runs (an old browser, a blocked script, the tests' DOM): the caller parses
 * on the main thread instead.
 */
export class BodyParser {
  private readonly channel: WorkerChannel<ParseRequest, ParseReply>
  /** Bodies parsed by the worker, and requests it could not take. */
  readonly stats = { inWorker: 0, refused: 0 }

  constructor(create: (() => WorkerLike<ParseReply>) | undefined = typeof Worker === 'function' ? createWorker : undefined) {
    this.channel = new WorkerChannel(create)
  }

  async parse(body: BodySource, siteComponents: ReadonlySet<string>, part = 0): Promise<HastRoot | undefined> {
    const { value, toc, parts, definitions } = body
    const reply = await this.channel.send({ body: { value, toc, ...(parts ? { parts } : {}), ...(definitions ? { definitions } : {}) }, part, siteComponents: [...siteComponents] })
    if (reply) this.stats.inWorker++
    else this.stats.refused++
    return reply?.tree
  }
}
