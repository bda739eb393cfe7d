/** Where the build's module thumbnails are served (content-build/collections/thumbnails.ts): content-hashed names, cached for good. */
export const THUMBNAIL_BASE = '/_thumbnails/'
/** A module card shows its icon at 40 CSS pixels (`.listing-logo`): its thumbnail is drawn at twice that. */
export const THUMBNAIL_PX = 80
