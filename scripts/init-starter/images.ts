/**
 * The images a starter needs before the team has its own: the brand's logo and icon
 * (the header, the favicon and app icons, the design kit), and a card for each example
 * entry whose schema requires an image (a blog post's cover, a sponsor's and an
 * agency's logo, a module's icon). Plain SVG drawn from the name and the brand colour,
 * so each is obviously a stand-in.
 */

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** A rounded square in the brand colour with three stacked bars: no text, so it draws the same without fonts (the build renders it to PNG icons). */
export function iconSvg(primary: string, dark: boolean): string {
  const bar = dark ? '#0f172a' : '#ffffff'
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">',
    `<rect width="64" height="64" rx="14" fill="${escape(primary)}"/>`,
    `<rect x="14" y="17" width="36" height="7" rx="3.5" fill="${bar}"/>`,
    `<rect x="14" y="29" width="28" height="7" rx="3.5" fill="${bar}" opacity="0.85"/>`,
    `<rect x="14" y="41" width="20" height="7" rx="3.5" fill="${bar}" opacity="0.7"/>`,
    '</svg>',
    '',
  ].join('\n')
}

/** The icon followed by the name, with room for the name in a wide bold font (a narrow one leaves space on the right, never a clipped name). */
export function logoSvg(name: string, primary: string, dark: boolean): string {
  const textWidth = name.length * 30
  const width = 80 + textWidth + 8
  const icon = iconSvg(primary, dark).replace(/<\/?svg[^>]*>\n?/g, '')
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 64" width="${width}" height="64">`,
    icon.trimEnd(),
    `<text x="80" y="44" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="36" font-weight="700" fill="${dark ? '#f8fafc' : '#0f172a'}">${escape(name)}</text>`,
    '</svg>',
    '',
  ].join('\n')
}

/** A labelled card, `width` × `height`: the stand-in for an entry's picture or logo. */
export function cardSvg(label: string, primary: string, width: number, height: number): string {
  const size = Math.round(Math.min(height / 6, (width / Math.max(label.length, 8)) * 1.4))
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    `<rect width="${width}" height="${height}" fill="#f1f5f9"/>`,
    `<rect x="0" y="${height - Math.round(height / 12)}" width="${width}" height="${Math.round(height / 12)}" fill="${escape(primary)}"/>`,
    `<text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="${size}" font-weight="600" fill="#334155">${escape(label)}</text>`,
    '</svg>',
    '',
  ].join('\n')
}
