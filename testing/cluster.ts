import { join } from 'node:path'

import { freePort } from './free-port'
import { type LoadBalancer, startLoadBalancer } from './load-balancer'
import { type ProductionServer, startProductionServer } from './production-server'

export interface Cluster {
  /** The site as readers reach it: nginx in front of the servers. */
  url: string
  servers: ProductionServer[]
  balancer: LoadBalancer
  /** The data folder every server shares (FJORD_DATA_DIR: the database file and the outbox). */
  dataDir: string
  stop(): Promise<void>
}

/**
 * `count` servers (`node dist-server/index.mjs` in the deployment `folder`) on one
 * database behind nginx as a load balancer, as a deployment runs more than one: each
 * with PUBLIC_URL the balancer's address, TRUST_PROXY=1, the same
 * FJORD_SESSION_SECRET and FJORD_DATA_DIR `dataDir`; `env` adds to or overrides that.
 */
export async function startCluster(folder: string, dataDir: string, { count = 2, env = {} }: { count?: number; env?: Record<string, string> } = {}): Promise<Cluster> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const shared = { PUBLIC_URL: url, TRUST_PROXY: '1', FJORD_SESSION_SECRET: 'one-secret-for-every-server-of-this-cluster', FJORD_DATA_DIR: dataDir, ...env }
  const servers: ProductionServer[] = []
  try {
    // Started together, as a platform starts them: the database's migrations are applied once between them.
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()))
    const started = await Promise.allSettled(ports.map((p) => startProductionServer(folder, { ...shared, PORT: String(p) })))
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value)
    const failed = started.find((result) => result.status === 'rejected')
    if (failed) throw failed.reason
    const balancer = await startLoadBalancer(
      join(dataDir, '..', `nginx-${port}`),
      servers.map((server) => server.url),
      port,
    )
    return {
      url,
      servers,
      balancer,
      dataDir,
      async stop() {
        await balancer.stop()
        await Promise.all(servers.map((server) => server.stop()))
      },
    }
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()))
    throw error
  }
}

/** Runs `tasks` with at most `inFlight` at once; their results in order. */
export async function bounded<T>(tasks: readonly (() => Promise<T>)[], inFlight: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length)
  let next = 0
  const lane = async () => {
    while (next < tasks.length) {
      const index = next++
      const task = tasks[index]
      if (task) results[index] = await task()
    }
  }
  await Promise.all(Array.from({ length: Math.min(inFlight, tasks.length) }, lane))
  return results
}
