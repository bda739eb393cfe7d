const canAdopt = (doc: Document) => 'adoptedStyleSheets' in doc && typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype

/**
 * Adds CSS rules to the document through the CSS object model and returns a function
 * that takes them away. A constructed stylesheet needs no `style-src` allowance in
 * the Content-Security-Policy, where a `<style>` element would need its hash; where
 * adopted stylesheets are missing (older browsers, jsdom) a `<style>` element is the
 * fallback.
 */
export function adoptStyles(css: string, doc: Document = document): () => void {
  if (canAdopt(doc)) {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet]
    return () => {
      doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet)
    }
  }
  const element = doc.createElement('style')
  element.textContent = css
  doc.head.append(element)
  return () => element.remove()
}
