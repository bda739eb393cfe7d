/** Texts of SPEC point 2's error page, shared by the app and the build's 404.html. */
export const ERROR_TITLE = 'Page not found'
export const ERROR_DESCRIPTION = 'We are sorry but this page could not be found.'
