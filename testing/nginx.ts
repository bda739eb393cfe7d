import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

import { freePort } from './free-port'

const execFileAsync = promisify(execFile)

/** Debian's nginx (NGINX_PATH elsewhere); `.ci/run` installs it as it installs Chromium. */
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx'

/**
 * Why nginx tests cannot run here, or undefined when they can. Outside CI a machine
 * without nginx skips them with this message; in CI (`CI` set) they must run, so a
 * missing nginx fails them instead.
 */
export function nginxMissing(): string | undefined {
  if (existsSync(NGINX_PATH) || process.env.CI) return undefined
  return `nginx is not installed at ${NGINX_PATH} (apt-get install nginx, or set NGINX_PATH): the static-host tests are skipped`
}

export interface NginxOptions {
  /** The folder nginx serves as its root: the site's files, at the site's base below it. */
  root: string
  /** The server-level include (a generated `nginx.conf`). */
  include: string
  /** The port to listen on (127.0.0.1); a free one when absent. */
  port?: number
}

/** The main configuration of a throwaway nginx: everything inside its prefix, in the foreground, one loopback port. */
function mainConf(prefix: string, { root, include, port }: Required<NginxOptions>): string {
  const runAsRoot = process.getuid?.() === 0
  return [
    // As root, nginx's workers would drop to `nobody`, who may not read a checkout's files.
    ...(runAsRoot ? ['user root;'] : []),
    'daemon off;',
    'worker_processes 1;',
    `pid ${join(prefix, 'nginx.pid')};`,
    `error_log ${join(prefix, 'error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    `  access_log ${join(prefix, 'access.log')};`,
    `  client_body_temp_path ${join(prefix, 'client_body')};`,
    `  proxy_temp_path ${join(prefix, 'proxy')};`,
    `  fastcgi_temp_path ${join(prefix, 'fastcgi')};`,
    `  uwsgi_temp_path ${join(prefix, 'uwsgi')};`,
    `  scgi_temp_path ${join(prefix, 'scgi')};`,
    '  sendfile on;',
    '  server {',
    `    listen 127.0.0.1:${port};`,
    `    root ${root};`,
    `    include ${include};`,
    '  }',
    '}',
    '',
  ].join('\n')
}

/** `nginx -t` on a configuration that includes `include` in a server block: resolves to nginx's output, rejects with it when the test fails. */
export async function checkNginxConf(include: string, root: string): Promise<string> {
  const prefix = await mkdtemp(join(tmpdir(), 'fjord-nginx-check-'))
  try {
    const conf = join(prefix, 'nginx.conf')
    await mkdir(join(prefix, 'logs'), { recursive: true })
    await writeFile(conf, mainConf(prefix, { root, include, port: await freePort() }))
    const { stderr } = await execFileAsync(NGINX_PATH, ['-t', '-p', prefix, '-c', conf])
    return stderr
  } finally {
    await rm(prefix, { recursive: true, force: true })
  }
}

export interface RunningNginx {
  url: string
  port: number
  /** Stops nginx (every connection closed); `start` brings it back on the same port. */
  stop: () => Promise<void>
  start: () => Promise<void>
  /** Stops nginx and removes its temporary prefix. */
  close: () => Promise<void>
  /** What nginx wrote to its error log so far. */
  errors: () => Promise<string>
}

/**
 * nginx serving `root` with the server-level `include`, on 127.0.0.1 and a free port,
 * from a temporary prefix (pid, logs and temp folders inside it). Call `stop` after.
 */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const prefix = await mkdtemp(join(tmpdir(), 'fjord-nginx-'))
  const port = options.port ?? (await freePort())
  const conf = join(prefix, 'nginx.conf')
  // nginx opens logs/error.log under its prefix before it reads the configuration.
  await mkdir(join(prefix, 'logs'), { recursive: true })
  await writeFile(conf, mainConf(prefix, { ...options, port }))
  let child: ChildProcess | undefined

  const start = async () => {
    if (child) return
    const started = spawn(NGINX_PATH, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] })
    child = started
    let said = ''
    started.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()))
    const exited = new Promise<never>((_, fail) => started.once('exit', (code) => fail(new Error(`nginx exited (${code}) before it listened: ${said}`))))
    // Listening once a request gets an answer.
    let waiting = true
    const listening = (async () => {
      while (waiting) {
        if (
          await fetch(`http://127.0.0.1:${port}/`, { method: 'HEAD' }).then(
            () => true,
            () => false,
          )
        )
          return
        await new Promise((done) => setTimeout(done, 50))
      }
    })()
    await Promise.race([listening, exited]).finally(() => (waiting = false))
  }

  const stop = async () => {
    const running = child
    child = undefined
    if (!running || running.exitCode !== null) return
    const exited = new Promise<void>((done) => running.once('exit', () => done()))
    // SIGTERM is nginx's fast shutdown: connections are closed at once.
    running.kill('SIGTERM')
    await exited
  }

  await start()
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    start,
    stop,
    close: async () => {
      await stop()
      await rm(prefix, { recursive: true, force: true })
    },
    errors: () => readFile(join(prefix, 'error.log'), 'utf8').catch(() => ''),
  }
}
