/** A text file (an SVG, a page's Markdown, a database dump); an HTTP error is thrown, not returned as text. */
export async function fetchText(url: string, init?: RequestInit): Promise<string> {
  const res = await fetch(url, init)
  if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`)
  return res.text()
}
