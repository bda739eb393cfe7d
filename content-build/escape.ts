/** Text made safe inside HTML or XML, as an element's text or a quoted attribute's value. */
export function escapeMarkup(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll("'", '&#39;')
}
