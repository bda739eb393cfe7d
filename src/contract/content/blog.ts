/** The posts a reader may see, in the order every list and feed shows them: no drafts, newest first, ties by title. */
export function publishedPosts<P extends { date: string; title: string; draft?: boolean | undefined }>(posts: readonly P[]): P[] {
  return posts.filter((post) => !post.draft).sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title))
}
