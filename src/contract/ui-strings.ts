// Apart from the config's schema (site-schema.ts), which the browser does not load: the app reads these words.

/** The interface's words in English, each with what a locale's `ui` gives in its own language. */
export const UI_STRINGS = {
  /** The language switcher's name. */
  language: 'Language',
  /** The docs page's furniture. */
  onThisPage: 'On this page',
  copyPage: 'Copy page',
  copyPageAsMarkdown: 'Copy page as Markdown',
  viewAsMarkdown: 'View as Markdown',
  editPage: 'Edit this page on GitHub',
  lastUpdated: 'Last updated on',
  previous: 'Previous',
  next: 'Next',
  previousAndNext: 'Previous and next pages',
  documentationMenu: 'Documentation menu',
  /** The search palette's. */
  searchPlaceholder: 'Type a command or search...',
  searchLoading: 'Loading…',
  noMatchingData: 'No matching data',
  /** Said where the page read has no translation into the language chosen, and the nearest page of that language is shown. */
  notTranslated: 'This page is not translated yet: here is the nearest one.',
}
export type UiString = keyof typeof UI_STRINGS
