import { site, sitePath } from '@/config/site'

/** The brand mark in the current colour mode (decorative: its link or heading names it). */
export function BrandIcon({ size = 28 }: { size?: number }) {
  return (
    <>
      <img src={sitePath(site.brand.icon.light)} alt="" width={size} height={size} className="only-light" />
      <img src={sitePath(site.brand.icon.dark)} alt="" width={size} height={size} className="only-dark" />
    </>
  )
}
