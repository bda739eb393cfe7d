import { execFile } from 'node:child_process'
import { readFile, stat } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * Commit dates read per folder, with the state of the repository's history they were
 * read at. The dev server builds again on every save, and a save changes no commit: it
 * reads `git log` again only once the history has moved (a commit, a checkout). Starting
 * `git` from the dev server's large process took a good part of each rebuild.
 */
const kept = new Map<string, { stamp: string; dates: Promise<Map<string, string>> }>()

/**
 * When each file of a folder last changed: its last commit date when the folder is in
 * a git checkout (one `git log` for the whole folder), else its modification time.
 * Keys are paths relative to the folder, POSIX separators; values ISO dates.
 */
export async function lastUpdated(dir: string, files: readonly string[]): Promise<Map<string, string>> {
  const history = await historyOf(dir)
  let committed = history.stamp ? kept.get(dir) : undefined
  if (!committed || committed.stamp !== history.stamp) {
    committed = { stamp: history.stamp, dates: history.repository ? commitDates(dir) : Promise.resolve(new Map()) }
    if (history.stamp) kept.set(dir, committed)
  }
  const dates = new Map(await committed.dates)
  await Promise.all(
    files
      .filter((file) => !dates.has(file))
      .map(async (file) => {
        try {
          dates.set(file, (await stat(join(dir, file))).mtime.toISOString())
        } catch {
          // Gone since it was read: no date.
        }
      }),
  )
  return dates
}

async function commitDates(dir: string): Promise<Map<string, string>> {
  const dates = new Map<string, string>()
  try {
    const { stdout } = await run('git', ['-C', dir, 'log', '--format=%x00%cI', '--name-only', '--relative', '--no-renames', '--', '.'], { maxBuffer: 256 * 1024 * 1024 })
    let date = ''
    for (const line of stdout.split('\n')) {
      if (line.startsWith('\0')) date = line.slice(1)
      else if (line && date && !dates.has(line)) dates.set(line, date)
    }
  } catch {
    // Not a git checkout (or no git): modification times instead.
  }
  return dates
}

/**
 * Whether `dir` is in a git checkout, and where its history stands: its HEAD's reflog,
 * which every commit, checkout and reset appends to. The stamp is '' when there is
 * nothing to go by (a repository that keeps no reflog, or one named by GIT_DIR): the
 * history is then read every time.
 */
async function historyOf(dir: string): Promise<{ repository: boolean; stamp: string }> {
  if (process.env.GIT_DIR) return { repository: true, stamp: '' }
  for (let at = resolve(dir); ; at = dirname(at)) {
    const dotGit = join(at, '.git')
    const found = await stat(dotGit).catch(() => undefined)
    if (found) {
      // A worktree's `.git` is a file naming its own git folder.
      const gitDir = found.isDirectory() ? dotGit : resolve(at, (await readFile(dotGit, 'utf8')).replace(/^gitdir:/, '').trim())
      const reflog = await stat(join(gitDir, 'logs', 'HEAD')).catch(() => undefined)
      return { repository: true, stamp: reflog ? `${reflog.mtimeMs}:${reflog.size}` : '' }
    }
    if (dirname(at) === at) return { repository: false, stamp: '' }
  }
}
