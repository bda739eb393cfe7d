import marks from 'virtual:fjord-brand-marks'

import { site, sitePath } from '@/config/site'

/**
 * The brand mark in the current colour mode (decorative: its link or heading names it).
 * A plain SVG icon is drawn inline (see content-build/vite/brand-mark.ts): no request,
 * and no image document for the browser to build while it makes the page's first frame.
 */
export function BrandIcon({ size = 28 }: { size?: number }) {
  return (
    <>
      {(['light', 'dark'] as const).map((mode) => {
        const mark = marks[mode]
        const className = `only-${mode}`
        return mark ? (
          <svg
            key={mode}
            className={className}
            viewBox={mark.viewBox}
            width={size}
            height={size}
            aria-hidden="true"
            focusable="false"
            // The build serialized this drawing again from the shapes it allows, never the file's text.
            dangerouslySetInnerHTML={{ __html: mark.body }}
          />
        ) : (
          <img key={mode} src={sitePath(site.brand.icon[mode])} alt="" width={size} height={size} className={className} />
        )
      })}
    </>
  )
}
