import { execFile } from 'node:child_process'
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * When each file of a folder last changed: its last commit date when the folder is in
 * a git repository (one `git log` for the whole folder), else its modification time.
 * Keys are paths relative to the folder, POSIX separators; values ISO dates.
 */
export async function lastUpdated(dir: string, files: readonly string[]): Promise<Map<string, string>> {
  const dates = new Map<string, string>()
  try {
    const { stdout } = await run('git', ['-C', dir, 'log', '--format=%x00%cI', '--name-only', '--relative', '--no-renames', '--', '.'], { maxBuffer: 256 * 1024 * 1024 })
    let date = ''
    for (const line of stdout.split('\n')) {
      if (line.startsWith('\0')) date = line.slice(1)
      else if (line && date && !dates.has(line)) dates.set(line, date)
    }
  } catch {
    // Not a git checkout (or no git): modification times below.
  }
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
