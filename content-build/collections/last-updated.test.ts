import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { lastUpdated } from './last-updated'

let dir: string | undefined
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
  dir = undefined
})

/** A commit in `repo` dated `date`, whatever git's global settings say. */
function commit(repo: string, date: string) {
  const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date }
  execFileSync('git', ['-C', repo, 'add', '-A'], { env })
  execFileSync('git', ['-C', repo, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'x'], { env })
}

/** Runs `work` with no `git` to start: what it reads must come from what was read before. */
async function withoutGit<T>(work: () => Promise<T>): Promise<T> {
  const path = process.env.PATH
  process.env.PATH = ''
  try {
    return await work()
  } finally {
    process.env.PATH = path
  }
}

describe('last updated dates', () => {
  it("are each file's last commit in a checkout, its modification time otherwise, and follow new commits", async () => {
    dir = await mkdtemp(join(tmpdir(), 'last-updated-'))
    execFileSync('git', ['init', '-q', dir])
    const docs = join(dir, 'docs')
    await mkdir(docs)
    await writeFile(join(docs, 'a.md'), 'A')
    commit(dir, '2026-01-02T03:04:05+00:00')
    await writeFile(join(docs, 'b.md'), 'B, not committed')
    await utimes(join(docs, 'b.md'), new Date('2026-02-01T00:00:00Z'), new Date('2026-02-01T00:00:00Z'))

    const first = await lastUpdated(docs, ['a.md', 'b.md'])
    expect(first.get('a.md')).toBe('2026-01-02T03:04:05+00:00')
    expect(first.get('b.md')).toBe('2026-02-01T00:00:00.000Z')

    // A save changes no commit: the history read before answers, and git is not started.
    await writeFile(join(docs, 'a.md'), 'A, edited')
    expect(await withoutGit(() => lastUpdated(docs, ['a.md', 'b.md']))).toEqual(first)

    commit(dir, '2026-03-04T05:06:07+00:00')
    const after = await lastUpdated(docs, ['a.md', 'b.md'])
    expect(after.get('a.md')).toBe('2026-03-04T05:06:07+00:00')
    expect(after.get('b.md')).toBe('2026-03-04T05:06:07+00:00')
  })

  it('are modification times outside a checkout', async () => {
    dir = await mkdtemp(join(tmpdir(), 'last-updated-'))
    await writeFile(join(dir, 'a.md'), 'A')
    const dates = await withoutGit(() => lastUpdated(dir ?? '', ['a.md', 'gone.md']))
    expect(dates).toEqual(new Map([['a.md', (await stat(join(dir, 'a.md'))).mtime.toISOString()]]))
  })
})
