import { CopyButton } from '../copy-button'

/** A shell command to copy: a `$` prompt (not copied), the command, and its copy button. */
export function CommandLine({ command, label, className }: { command: string; label: string; className?: string }) {
  return (
    <div className={['ui-command', className ?? ''].filter(Boolean).join(' ')}>
      <span className="ui-command-prompt" aria-hidden="true">
        $
      </span>
      <code>{command}</code>
      <CopyButton text={command} label={label} />
    </div>
  )
}
