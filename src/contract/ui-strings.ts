// Apart from the config's schema (site-schema.ts), which the browser does not load: the app reads these words.

/** The interface's words in English, each with what a locale's `ui` gives in its own language. */
export const UI_STRINGS = {
  /** The language switcher's name. */
  language: 'Language',
  /** Said where the page read has no translation into the language chosen, and the nearest page of that language is shown. */
  notTranslated: 'This page is not translated yet: here is the nearest one.',
}
export type UiString = keyof typeof UI_STRINGS
