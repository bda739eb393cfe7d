import { UI_STRINGS } from './ui-strings.ts'

/**
 * Texts of SPEC point 2's error page in English, shared by the app and the build's
 * 404.html. They are the default words of the interface (ui-strings.ts), so a locale
 * that translates them changes neither these nor what SPEC requires of the English page.
 */
export const ERROR_TITLE = UI_STRINGS.errorTitle
export const ERROR_DESCRIPTION = UI_STRINGS.errorDescription
