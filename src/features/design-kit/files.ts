/** `/design-kit/fjord-logo-light.svg` → `fjord-logo-light.png`. */
export function fileName(path: string, extension: 'svg' | 'png'): string {
  const base = path.split('/').pop() ?? 'fjord'
  return `${base.replace(/\.[a-z0-9]+$/i, '')}.${extension}`
}

/**
 * Draws an SVG onto a canvas `scale` times its own size and encodes it as a PNG, so
 * every logo is offered as a PNG without a second file to keep in step.
 */
export async function svgToPng(svg: string, scale = 4): Promise<Blob> {
  const image = new Image()
  // A data: URL, which the Content-Security-Policy's img-src allows (blob: it does not).
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
  await image.decode()
  const canvas = document.createElement('canvas')
  canvas.width = Math.round(image.naturalWidth * scale)
  canvas.height = Math.round(image.naturalHeight * scale)
  const context = canvas.getContext('2d')
  if (!context) throw new Error('Canvas is not available')
  context.drawImage(image, 0, 0, canvas.width, canvas.height)
  return new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))), 'image/png'))
}

/** Saves a blob under `name` through a temporary download link. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** `#00DC82` → `rgb(0 220 130)`. */
export function hexToRgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16)
  return `rgb(${(value >> 16) & 255} ${(value >> 8) & 255} ${value & 255})`
}
