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
  /** The header's button that opens the search palette. */
  searchButton: 'Search...',
  /** The search palette's. */
  searchPlaceholder: 'Type a command or search...',
  searchLoading: 'Loading…',
  /** The search dialog's line while the palette's own code is on its way, and if it cannot be fetched. */
  searchLoadingCode: 'Loading search…',
  searchUnavailable: 'Search could not be loaded. Check your connection, then open it again.',
  noMatchingData: 'No matching data',
  /**
   * The error page (SPEC points 2 and 8). `{path}` is the path asked for. The English
   * words are SPEC's, to the letter: messages.ts and the build's 404.html read them here.
   */
  pageNotFoundFatal: 'Page Not Found: {path}',
  pageNotFound: 'Page not found: {path}',
  errorTitle: 'Page not found',
  errorDescription: 'We are sorry but this page could not be found.',
  backToHome: 'Back to home',
  /** The page shown offline where a page needs the network; `{brand}` and `{version}` name a docs version kept. */
  offlineTitle: 'You are offline',
  offlineText: 'This page has not been saved in this browser, so it needs a connection. Pages you have read before open without one.',
  offlineKept: 'These docs are kept for offline reading:',
  offlineKeptDocs: '{brand} {version} docs',
  tryAgain: 'Try again',
  /** 'Read offline' at the foot of a docs sidebar. `{docs}` is `offlineDocs` filled in; `{size}`, `{received}` and `{total}` are sizes (4.2 MB). */
  readOffline: 'Read offline',
  offlineDocs: 'the {version} docs',
  offlineOffer: 'Keep all {pages} pages of {docs} in this browser: {size} to download.',
  downloadForOffline: 'Download for offline',
  offlineDownloading: 'Downloading {docs} for offline reading.',
  offlineProgress: '{received} of {total}',
  cancel: 'Cancel',
  offlineAvailable: 'Available offline: {pages} pages, {size} in this browser.',
  offlineAvailableAll: 'All {pages} pages of {docs} are available offline.',
  removeOfflineCopy: 'Remove offline copy',
  offlineFailed: 'The download failed: {message}',
  offlineFailedRetry: 'The download failed: {message}. Try again when you are back online.',
  /** The header's. */
  skipToContent: 'Skip to content',
  docsVersion: 'Docs version',
  darkMode: 'Dark mode',
  openMenu: 'Open menu',
  menu: 'Menu',
  latestRelease: 'Latest release:',
  gitHubStars: 'GitHub stars:',
  /** The docs page's sidebar panel on small screens, and its breadcrumb. */
  documentation: 'Documentation',
  /** The sidebar's tree inside the small screens' panel: named apart from the one beside the page. */
  documentationInMenu: 'Documentation (menu)',
  breadcrumb: 'Breadcrumb',
  /** Dialogs' and toasts' close buttons, and the toasts' region. */
  close: 'Close',
  notifications: 'Notifications',
  /** Markdown: a code block's copy button, and callouts' names when their author gives none. */
  copyCode: 'Copy code to clipboard',
  copied: 'Copied',
  copyFailed: 'Could not copy',
  copyFailedDescription: 'Your browser did not allow access to the clipboard.',
  calloutNote: 'Note',
  calloutTip: 'Tip',
  calloutImportant: 'Important',
  calloutWarning: 'Warning',
  calloutCaution: 'Caution',
  /** The footer's newsletter form and its toasts (SPEC points 4, 5 and 8); `{brand}` is the brand's name. */
  newsletterHeading: 'Subscribe to our newsletter',
  newsletterDescription: 'Stay updated on new releases and features, guides, and community updates from {brand}.',
  email: 'Email',
  // SPEC's placeholder '{email}' is an interpolation: a sample address, which a language may write its own way.
  emailPlaceholder: 'you@example.com',
  subscribe: 'Subscribe',
  subscribing: 'Subscribing',
  invalidEmail: 'Please enter a valid email',
  subscriptionPending: 'Subscription pending',
  subscriptionPendingDescription: 'Please check your emails to confirm your subscription.',
  subscriptionFailed: 'Subscription failed',
  genericFailure: 'Something went wrong. Please try again later.',
  /** The toasts of the newsletter emails' links: the confirmation (SPEC point 8) and the unsubscribe link. */
  subscriptionConfirmed: 'Subscription succeed',
  subscriptionConfirmedDescription: 'You have been successfully subscribed to the newsletter.',
  unsubscribed: 'Unsubscribed',
  unsubscribedDescription: 'You will not receive the newsletter any more.',
  unsubscribeFailed: 'Unsubscribe failed',
  /**
   * The API's failures by code (api-schemas.ts `API_ERROR_CODES`): the server's words in
   * English, which a page in the default language shows as the server sent them. `{when}`
   * is when to try again (`in 5 minutes`).
   */
  alreadySubscribed: 'This email address is already subscribed to the newsletter.',
  invalidConfirmation: 'This confirmation link is invalid or has expired.',
  invalidUnsubscribe: 'This unsubscribe link is invalid or has already been used.',
  rateLimited: 'Too many attempts from this address. Please try again {when}.',
  /** Said where the page read has no translation into the language chosen, and the nearest page of that language is shown. */
  notTranslated: 'This page is not translated yet: here is the nearest one.',
  /** The search palette's own words: its name, its close button, its lists and groups (`{version}`: the version's label), its links. */
  searchLabel: 'Search the documentation',
  searchClose: 'Close',
  searchRecent: 'Recent searches',
  searchLinks: 'Links',
  searchResults: 'Results',
  searchGroupDocs: 'Docs {version}',
  searchGroupBlog: 'Blog',
  searchGroupHosting: 'Hosting',
  searchLinkTeam: 'Team',
  searchLinkDesignKit: 'Design Kit',
  searchLinkNewsletter: 'Newsletter',
  /** Markdown's `:read-more{to=…}`: `{page}` is where the linked page's name goes. Tabs with no label of their own: `{n}` counts from 1. */
  readMore: 'Read more in {page}',
  tabs: 'Tabs',
  tabNumber: 'Tab {n}',
  /** The search palette's switch from the page's language to every language the docs version is read in. */
  searchAllLanguages: 'Search all languages',
  /**
   * The docs page's 'Use with AI' menu: llms.txt, llms-full.txt and the page about the MCP
   * server. `{version}` is the docs version llms-full.txt holds (4.x).
   */
  useWithAi: 'Use with AI',
  llmsTxtDescription: 'Every docs page, each with a link to its Markdown',
  llmsFullTxtDescription: 'The {version} docs in one text file',
  mcpServer: 'MCP server',
  mcpServerDescription: 'Let the assistant in your editor read these docs',
  /** The search palette's Ask AI entry (SPEC point 5), with the query asked when there is one; its disclaimer is the config's (`locales[].labels`). */
  askAi: 'Ask AI',
  askAiQuery: 'Ask AI: “{query}”',
  /** The search palette's entry beside Ask AI, on a docs page of a version that has the MCP page. */
  mcpInEditor: 'Use these docs in your editor (MCP)',
  mcpInEditorNote: 'Ask AI answers you here. To let the assistant in your editor read these docs, connect it to the MCP server.',
  /**
   * A docs page's `::mcp-endpoint`: the endpoint's URL to copy, or, on a site without a
   * server, why there is none. `{llms}` is where the link to llms.txt goes.
   */
  mcpEndpoint: 'MCP endpoint',
  copyMcpEndpoint: 'Copy the MCP endpoint URL',
  mcpUnavailableTitle: 'No MCP endpoint on this copy',
  mcpUnavailable:
    'This copy of the docs is served without a server, so it has no MCP endpoint. Give your assistant {llms} instead: it lists every page, each with a link to its Markdown.',
  /**
   * The blog's listing and posts. `{category}` is a category's name (through the locale's
   * `labels`), `{count}` a number of posts, `{minutes}` a reading time.
   */
  blog: 'Blog',
  blogPosts: 'Blog posts',
  blogCategories: 'Categories',
  blogFollow: 'Follow:',
  blogMorePosts: 'More posts',
  blogCountOne: '{count} post in {category}',
  blogCount: '{count} posts in {category}',
  blogEmpty: 'No posts yet',
  blogEmptyCategory: 'Nothing in {category} yet. Try another category.',
  blogEmptyFirst: 'The first post is on its way.',
  blogLatest: 'Latest',
  blogDraft: 'Draft',
  blogMinutes: '{minutes} min read',
  blogOlder: 'Older post',
  blogNewer: 'Newer post',
  blogAuthors: 'Authors',
  /** Below a translated blog, the link to the original one: `{language}` is its language, named in the page's. */
  blogOriginal: 'Every post, in {language}',
}
export type UiString = keyof typeof UI_STRINGS
