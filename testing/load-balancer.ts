import { type ChildProcess, spawn } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { join } from 'node:path'

import { freePort } from './free-port'

/** Debian's nginx (NGINX_PATH elsewhere). */
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx'

export interface LoadBalancer {
  url: string
  /** Stops nginx and waits for it to exit. */
  stop(): Promise<void>
}

/**
 * nginx in front of `upstreams` (`http://127.0.0.1:port` each) on a free loopback
 * port (or `port`), round robin, as a deployment puts it in front of two servers: it sets
 * X-Forwarded-For and X-Forwarded-Proto (the servers run with TRUST_PROXY=1) and tells
 * in `X-Upstream` which server answered. Everything it writes (pid, logs, temp files)
 * is under `dir`; it runs in the foreground as a child of this process.
 */
export async function startLoadBalancer(dir: string, upstreams: readonly string[], port?: number): Promise<LoadBalancer> {
  await mkdir(dir, { recursive: true })
  port ??= await freePort()
  const servers = upstreams.map((url) => `    server ${new URL(url).host} max_fails=1 fail_timeout=10s;`).join('\n')
  const conf = join(dir, 'nginx.conf')
  await writeFile(
    conf,
    `daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  upstream fjord {
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://fjord;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  )
  const child: ChildProcess = spawn(NGINX_PATH, ['-p', dir, '-e', join(dir, 'error.log'), '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] })
  let errors = ''
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  // Listening once a connection is taken; an nginx that could not start has exited.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${errors}`)
    if (await accepts(port)) break
    await new Promise((done) => setTimeout(done, 50))
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      done(true)
    })
    socket.once('error', () => done(false))
  })
}
