/**
 * The one email address parser: the signup forms check with it (through `emailSchema`),
 * and the server stores and looks up subscribers by the address it returns. Shared by
 * the browser and the server, so it uses nothing but the language and `URL`.
 *
 * What it takes is RFC 5321/5322's addr-spec, narrowed on purpose:
 * - the local part is a dot-atom of RFC 5322 atext (ASCII letters, digits and
 *   ``!#$%&'*+-/=?^_`{|}~``, dots between them). Quoted local parts (`"a b"@x.io`) are
 *   refused: few providers accept them, and they let spaces, `@` and backslashes into
 *   an address that then reads differently in a list, a CSV and a `To:` header.
 *   Non-ASCII local parts (RFC 6531) are refused too: sending to them needs SMTPUTF8
 *   all the way, and the subscribers table folds case for ASCII only. (If they are ever
 *   allowed, they must be NFC-normalised here first.) The local part keeps its case:
 *   it is the owner's; the database compares addresses case-insensitively.
 * - the domain is a hostname of at least two labels of letters, digits and hyphens
 *   (none at either end of a label, at most 63 each), its top-level label not all
 *   digits. An internationalised domain is stored in its ASCII (punycode) form, lower
 *   case, as `URL` makes it (UTS-46). IP literals (`[192.0.2.1]`) are refused: a
 *   newsletter goes to mailboxes with a domain.
 * - lengths are RFC 5321's: local part at most 64 octets, domain at most 253, the
 *   whole address at most 254 (in the ASCII form).
 * - no control characters (C0, DEL, C1), no invisible ones (zero-width spaces and
 *   joiners, bidi controls, BOM, soft hyphen: Unicode Cf and default-ignorables), no
 *   whitespace, no private-use characters or lone surrogates, anywhere. Only ASCII
 *   whitespace at either end is dropped, as a browser's email field does.
 *
 * WARNING: `URL` silently deletes some invisible characters from a hostname
 * (`ex\u200Bample.com` becomes `example.com`) and reads `0x7f.1` as an IPv4 address,
 * so the domain is checked before it goes in and after it comes out. Loosening either
 * check lets two addresses that look the same become two subscribers.
 */

export type EmailAddressProblem =
  | 'empty'
  | 'too-long'
  | 'control-character'
  | 'invisible-character'
  | 'whitespace'
  | 'invalid-character'
  | 'missing-at'
  | 'several-at'
  | 'empty-local-part'
  | 'quoted-local-part'
  | 'non-ascii-local-part'
  | 'local-part-character'
  | 'local-part-dots'
  | 'local-part-too-long'
  | 'empty-domain'
  | 'ip-literal'
  | 'domain-character'
  | 'domain-not-hostname'
  | 'domain-dots'
  | 'single-label-domain'
  | 'label-hyphen'
  | 'label-too-long'
  | 'numeric-tld'
  | 'domain-too-long'

export type EmailAddress = { ok: true; address: string; localPart: string; domain: string } | { ok: false; reason: EmailAddressProblem }

export const MAX_ADDRESS_LENGTH = 254
export const MAX_LOCAL_PART_LENGTH = 64
export const MAX_DOMAIN_LENGTH = 253
export const MAX_LABEL_LENGTH = 63
/**
 * Longer input is refused before any work is done on it: it cannot be valid, as each
 * character (at most two UTF-16 units) is at least one in the address's ASCII form.
 */
const MAX_INPUT_LENGTH = 1024

const CONTROL = /\p{Cc}/u
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u
const WHITESPACE = /[\p{White_Space}\p{Z}]/u
const INVALID = /[\p{Cs}\p{Co}]/u
/** Any character the checks above refuse: what `visibleAddress` spells out. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{White_Space}\p{Z}\p{Cs}\p{Co}]/gu
const ASCII_EDGE_WHITESPACE = /^[\t\n\f\r ]+|[\t\n\f\r ]+$/g

const ATEXT = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+$/
const NON_ASCII = /[^\x20-\x7e]/
const ASCII_DOMAIN_CHARACTER = /^[A-Za-z0-9.-]$/
const HOSTNAME_CHARACTERS = /^[a-z0-9.-]+$/
const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/

const fail = (reason: EmailAddressProblem): EmailAddress => ({ ok: false, reason })

function localPartProblem(local: string): EmailAddressProblem | undefined {
  if (!local) return 'empty-local-part'
  if (local.startsWith('"')) return 'quoted-local-part'
  if (local.includes('@')) return 'several-at'
  if (NON_ASCII.test(local)) return 'non-ascii-local-part'
  if (local.length > MAX_LOCAL_PART_LENGTH) return 'local-part-too-long'
  const atoms = local.split('.')
  if (atoms.some((atom) => atom === '')) return 'local-part-dots'
  if (!atoms.every((atom) => ATEXT.test(atom))) return 'local-part-character'
  return undefined
}

function hostnameProblem(domain: string): EmailAddressProblem | undefined {
  const labels = domain.split('.')
  if (labels.some((label) => label === '')) return 'domain-dots'
  if (labels.length < 2) return 'single-label-domain'
  if (labels.some((label) => label.length > MAX_LABEL_LENGTH)) return 'label-too-long'
  if (!labels.every((label) => LABEL.test(label))) return 'label-hyphen'
  if (/^[0-9]+$/.test(labels[labels.length - 1] ?? '')) return 'numeric-tld'
  if (domain.length > MAX_DOMAIN_LENGTH) return 'domain-too-long'
  return undefined
}

/** The domain's ASCII form, lower case, or why it is not a hostname. */
function hostname(domain: string): { ok: true; value: string } | { ok: false; reason: EmailAddressProblem } {
  if (!domain) return { ok: false, reason: 'empty-domain' }
  if (domain.startsWith('[')) return { ok: false, reason: 'ip-literal' }
  // ASCII other than letters, digits, hyphens and dots would change what URL parses
  // (`%2e` is decoded, `/`, `:`, `?`, `#` and `@` end or split the host).
  for (const character of domain) {
    if (character.charCodeAt(0) < 0x80 && !ASCII_DOMAIN_CHARACTER.test(character)) return { ok: false, reason: 'domain-character' }
  }
  const ascii = !NON_ASCII.test(domain)
  const before = ascii ? hostnameProblem(domain.toLowerCase()) : undefined
  if (before) return { ok: false, reason: before }
  let value: string
  try {
    value = new URL(`http://${domain}`).hostname
  } catch {
    return { ok: false, reason: 'domain-not-hostname' }
  }
  // URL may only lower an ASCII domain's case: anything else (an IPv4 reading of
  // `1.0x7f`) means it was not read as a hostname.
  if (ascii ? value !== domain.toLowerCase() : !HOSTNAME_CHARACTERS.test(value)) return { ok: false, reason: 'domain-not-hostname' }
  const after = ascii ? undefined : hostnameProblem(value)
  return after ? { ok: false, reason: after } : { ok: true, value }
}

/**
 * Parses an email address: the normalised address (local part as given, domain in
 * ASCII and lower case), or why it is refused. Users see SPEC's one message whatever
 * the reason; the reason is for logs, tests and the admin.
 */
export function parseEmailAddress(input: string): EmailAddress {
  const text = input.replace(ASCII_EDGE_WHITESPACE, '')
  if (!text) return fail('empty')
  if (text.length > MAX_INPUT_LENGTH) return fail('too-long')
  if (CONTROL.test(text)) return fail('control-character')
  if (INVISIBLE.test(text)) return fail('invisible-character')
  if (WHITESPACE.test(text)) return fail('whitespace')
  if (INVALID.test(text)) return fail('invalid-character')

  const at = text.lastIndexOf('@')
  if (at === -1) return fail('missing-at')
  const localPart = text.slice(0, at)
  const local = localPartProblem(localPart)
  if (local) return fail(local)

  const host = hostname(text.slice(at + 1))
  if (!host.ok) return fail(host.reason)

  const address = `${localPart}@${host.value}`
  if (address.length > MAX_ADDRESS_LENGTH) return fail('too-long')
  return { ok: true, address, localPart, domain: host.value }
}

/** Why a stored address is flagged: the parser's reasons, or another subscriber has its normalised form. */
export type AddressProblem = EmailAddressProblem | 'duplicate'

const PROBLEMS = new Map<string, string>(
  Object.entries({
    empty: 'The address is empty.',
    'too-long': 'The address is longer than 254 characters.',
    'control-character': 'The address contains a control character.',
    'invisible-character': 'The address contains an invisible character.',
    whitespace: 'The address contains a space.',
    'invalid-character': 'The address contains a private-use or broken character.',
    'missing-at': 'The address has no @.',
    'several-at': 'The address has more than one @.',
    'empty-local-part': 'The address has nothing before the @.',
    'quoted-local-part': 'The part before the @ is quoted.',
    'non-ascii-local-part': 'The part before the @ has non-ASCII characters.',
    'local-part-character': 'The part before the @ has a character addresses cannot have.',
    'local-part-dots': 'The part before the @ starts or ends with a dot, or has two in a row.',
    'local-part-too-long': 'The part before the @ is longer than 64 characters.',
    'empty-domain': 'The address has no domain.',
    'ip-literal': 'The domain is an IP address.',
    'domain-character': 'The domain has a character host names cannot have.',
    'domain-not-hostname': 'The domain is not a host name.',
    'domain-dots': 'The domain starts or ends with a dot, or has two in a row.',
    'single-label-domain': 'The domain has no dot.',
    'label-hyphen': 'A part of the domain starts or ends with a hyphen.',
    'label-too-long': 'A part of the domain is longer than 63 characters.',
    'numeric-tld': 'The domain ends in a number.',
    'domain-too-long': 'The domain is longer than 253 characters.',
    duplicate: 'Another subscriber has the same address once normalised.',
  } satisfies Record<AddressProblem, string>),
)

/** An admin-readable sentence for a stored problem (an unknown one is shown as it is). */
export const describeAddressProblem = (problem: string): string => PROBLEMS.get(problem) ?? problem

/**
 * The address with every character the parser refuses as hidden (controls, invisible
 * characters, whitespace) spelled out as `<U+0000>`, so a flagged address reads as
 * what it is in a list or a CSV. A valid address comes back unchanged.
 */
export const visibleAddress = (address: string): string =>
  address.replace(HIDDEN, (character) => `<U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`)
