/** The value after `--name` on the command line, if it is there (`--runs 5` → '5'). */
export function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`)
  return at === -1 ? undefined : process.argv[at + 1]
}
