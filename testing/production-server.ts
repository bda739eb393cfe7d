import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { cp, mkdir, symlink } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'
import { promisify } from 'node:util'

const root = resolve(import.meta.dirname, '..')
const execFileAsync = promisify(execFile)

/**
 * A folder laid out as a deployment holds the site: a copy of the built public site
 * (`dist`), the production server built into `dist-server/` (scripts/build-server.ts,
 * as `npm run build` builds it), package.json and package-lock.json, and a node_modules
 * of the production dependency closure only (`npm ls --omit=dev`), each package linked
 * from this checkout's: no tsx, no vite, no esbuild, no source tree.
 */
export async function deploymentFolder(folder: string, { dist = join(root, 'dist') }: { dist?: string } = {}): Promise<string> {
  await mkdir(folder, { recursive: true })
  await cp(dist, join(folder, 'dist'), { recursive: true })
  await execFileAsync(process.execPath, ['--import', 'tsx', join(root, 'scripts/build-server.ts'), '--out', join(folder, 'dist-server')], { cwd: root })
  await cp(join(root, 'package.json'), join(folder, 'package.json'))
  await cp(join(root, 'package-lock.json'), join(folder, 'package-lock.json'))
  for (const name of await productionPackages()) {
    const link = join(folder, 'node_modules', name)
    await mkdir(join(link, '..'), { recursive: true })
    await symlink(join(root, 'node_modules', name), link, 'dir')
  }
  return folder
}

/** The packages `npm ci --omit=dev` installs at the top of node_modules (a nested one comes with its parent). */
export async function productionPackages(): Promise<string[]> {
  const { stdout } = await execFileAsync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: root, maxBuffer: 16 * 1024 * 1024 })
  const top = join(root, 'node_modules') + sep
  return [
    ...new Set(
      stdout
        .split('\n')
        .filter((path) => path.startsWith(top))
        .map((path) => relative(top, path))
        .filter((name) => !name.includes(`${sep}node_modules${sep}`) && name !== ''),
    ),
  ].sort()
}

export interface ProductionServer {
  child: ChildProcess
  /** Where it listens. */
  url: string
  /** What it printed so far. */
  output: () => string
  /** Stops it (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>
}

/**
 * `node dist-server/index.mjs` in `folder`, as a deployment starts it, once it says
 * where it serves. `env` is added to this process's environment (PORT, PUBLIC_URL…).
 */
export async function startProductionServer(folder: string, env: Record<string, string>): Promise<ProductionServer> {
  const child = spawn(process.execPath, [join(folder, 'dist-server', 'index.mjs')], {
    cwd: folder,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const url = await new Promise<string>((done, fail) => {
    const look = () => {
      const said = /Serving .* on (http:\/\/\S+) \(build/.exec(out)
      if (said?.[1]) done(said[1])
    }
    child.stdout.on('data', look)
    child.once('exit', (code, signal) => fail(new Error(`node dist-server/index.mjs exited (${code ?? signal}) before it served:\n${out}`)))
  })
  return {
    child,
    url,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}
