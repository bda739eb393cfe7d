/**
 * Fields of a Linux `/proc/<pid>/stat` or `/proc/<pid>/task/<tid>/stat` line: CPU time
 * and niceness of a process or a thread.
 */

/** Linux's clock ticks a second, the unit of its CPU times. */
const CLOCK_TICKS = 100

/** The fields after the command name (which may hold spaces and parentheses): the state is the first. */
const fieldsOf = (stat: string) => stat.slice(stat.lastIndexOf(')') + 2).split(' ')

/** CPU time used (user + system, the 14th and 15th fields), in ms; undefined for a line that is not a stat line. */
export function statCpuMs(stat: string): number | undefined {
  const fields = fieldsOf(stat)
  const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
  return stat && Number.isFinite(ms) ? ms : undefined
}

/** The niceness (the 19th field); undefined for a line that is not a stat line. */
export function statNice(stat: string): number | undefined {
  const nice = Number(fieldsOf(stat)[16])
  return stat && Number.isFinite(nice) ? nice : undefined
}
