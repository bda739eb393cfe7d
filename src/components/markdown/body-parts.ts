import type { BodySource } from './body-tree'

/**
 * How many parts a body is parsed and drawn in (body.parts: a long body's later parts).
 * Apart from the parser (body-tree.ts), which the renderer's chunk does not carry.
 */
export function partCount(body: BodySource): number {
  return (body.parts?.length ?? 0) + 1
}
