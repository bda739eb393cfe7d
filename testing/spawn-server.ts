import { type ChildProcess, spawn } from 'node:child_process'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')

/**
 * A TypeScript server script of this project in a process of its own, once it has said
 * it is ready: `ready` reads its output so far and returns the line that says so (or
 * undefined to wait). Fails if the process exits first.
 */
export async function spawnServer(
  script: string,
  args: string[],
  ready: (stdout: string) => string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(root, script), ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] })
  const line = await new Promise<string>((done, fail) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const said = ready(out)
      if (said !== undefined) done(said)
    })
    child.once('exit', (code) => fail(new Error(`${script} exited (${code}) before it was ready`)))
  })
  return { child, line }
}
