import { useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'

import { ListingPage } from '@/components/content/listing-page'
import { Badge } from '@/components/ui/badge/badge'
import { buttonClass } from '@/components/ui/button/button'
import { cardClass } from '@/components/ui/card/card'
import { CopyButton } from '@/components/ui/copy-button'
import { Grid, gridClass, GridItem } from '@/components/ui/grid/grid'
import { Icon } from '@/components/ui/icon'
import { Section } from '@/components/ui/section/section'
import { useToasts } from '@/components/ui/toasts/store'
import { site, sitePath } from '@/config/site'
import type { Collections } from '@/contract/content/collection-types'
import { z } from '@/contract/zod'
import { fetchText } from '@/lib/fetch-text'

import { designKitQuery } from '../api'
import { fileName, hexToRgb, saveBlob, svgToPng } from '../files'

import './design-kit.css'

type Asset = Collections['designKit']
type AssetFile = Asset['files'][number]

// The usage rules live in the page's free-form front matter: parsed, not trusted.
const rulesSchema = z.object({ do: z._default(z.array(z.string()), []), dont: z._default(z.array(z.string()), []) })

const THEME_TEXT = { light: 'For light backgrounds', dark: 'For dark backgrounds' } as const

/** /design-kit: the logo, icon and wordmark to copy or download as SVG or PNG, the palette with copyable values, and how to use them. */
export function DesignKitPage() {
  const listing = useSuspenseQuery(designKitQuery()).data
  if (!listing) return null
  const assets = listing.items.filter((asset) => asset.type !== 'colour' && asset.files.some((f) => f.format === 'svg'))
  const colours = listing.items.flatMap((asset) => asset.colours ?? [])
  const rules = rulesSchema.safeParse(listing.header.meta.rules)
  return (
    <ListingPage header={listing.header} source={listing.source}>
      {assets.length ? (
        <Section title="Logos" description="Every file comes for light and for dark backgrounds. Copy the SVG into your design tool, or download it as SVG or PNG.">
          <Grid label="Logos" columns={1} gap="sm">
            {assets.map((asset) => (
              <GridItem key={asset.name}>
                <AssetCard asset={asset} />
              </GridItem>
            ))}
          </Grid>
        </Section>
      ) : null}
      {colours.length ? (
        <Section title="Colours" description="The palette of the logo, this site and the docs. Click a value to copy it.">
          <ul className={gridClass({ columns: 4, gap: 'sm' })} aria-label="Colours">
            {colours.map((colour) => (
              <li key={colour.hex} className={cardClass({ className: 'kit-colour' })}>
                <div className="kit-colour-swatch" style={{ background: colour.hex }} aria-hidden="true" />
                <div className="kit-colour-text">
                  <h3 className="kit-colour-name">{colour.name}</h3>
                  <ColourValue label={`${colour.name} as hex`} value={colour.hex.toUpperCase()} />
                  <ColourValue label={`${colour.name} as RGB`} value={hexToRgb(colour.hex)} />
                </div>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {rules.success && (rules.data.do.length || rules.data.dont.length) ? (
        <Section
          title="Usage"
          description={`The ${site.brand.name} name and logo are trademarks of the ${site.brand.name} project. Using them to talk about ${site.brand.name} is welcome; please follow these rules.`}
        >
          <div className={gridClass({ columns: 2, gap: 'sm', from: 'lg' })}>
            <RuleList title="Do" items={rules.data.do} icon="i-lucide-circle-check" tone="do" />
            <RuleList title="Don't" items={rules.data.dont} icon="i-lucide-circle-x" tone="dont" />
          </div>
        </Section>
      ) : null}
    </ListingPage>
  )
}

/** One asset: what it is for, then a tile per theme with its preview, copy and downloads. */
function AssetCard({ asset }: { asset: Asset }) {
  const svgs = asset.files.filter((f) => f.format === 'svg')
  return (
    <article className={cardClass({ padded: true, className: 'kit-asset' })} aria-labelledby={`kit-${asset.type}`}>
      <div className="kit-asset-text">
        <Badge color="neutral">{asset.type}</Badge>
        <h3 id={`kit-${asset.type}`} className="kit-asset-name">
          {asset.name}
        </h3>
        <p>{asset.description}</p>
      </div>
      <div className={gridClass({ columns: 2, gap: 'sm' })}>
        {svgs.map((file) => (
          <AssetTile key={file.path} asset={asset} file={file} png={asset.files.find((f) => f.format === 'png' && f.theme === file.theme)} />
        ))}
      </div>
    </article>
  )
}

function AssetTile({ asset, file, png }: { asset: Asset; file: AssetFile; png: AssetFile | undefined }) {
  const theme = file.theme ?? 'light'
  const what = `${asset.name} ${THEME_TEXT[theme].toLowerCase()}`
  const copyText = `Copy ${asset.type} as SVG`
  return (
    <figure className="kit-tile">
      <div className={`kit-preview kit-preview-${theme}`}>
        <img src={sitePath(file.path)} alt={`${asset.name}, ${THEME_TEXT[theme].toLowerCase()}`} />
      </div>
      <figcaption className="kit-tile-caption">{THEME_TEXT[theme]}</figcaption>
      <div className="kit-tile-actions">
        <CopyButton
          getText={() => fetchText(file.path)}
          label={`Copy ${what} as SVG`}
          ariaLabel={`${copyText}, ${THEME_TEXT[theme].toLowerCase()}`}
          className={buttonClass({ variant: 'soft', size: 'sm' })}
        >
          {copyText}
        </CopyButton>
        <a className={buttonClass({ variant: 'outline', size: 'sm' })} href={sitePath(file.path)} download={fileName(file.path, 'svg')} aria-label={`Download ${what} as SVG`}>
          <Icon name="i-lucide-download" /> SVG
        </a>
        {png ? (
          <a className={buttonClass({ variant: 'outline', size: 'sm' })} href={sitePath(png.path)} download={fileName(png.path, 'png')} aria-label={`Download ${what} as PNG`}>
            <Icon name="i-lucide-download" /> PNG
          </a>
        ) : (
          <PngButton file={file} label={`Download ${what} as PNG`} />
        )}
      </div>
    </figure>
  )
}

/** A PNG of an SVG-only asset, drawn in the browser at four times its size. */
function PngButton({ file, label }: { file: AssetFile; label: string }) {
  const [busy, setBusy] = useState(false)
  const addToast = useToasts((s) => s.add)
  return (
    <button
      type="button"
      className={buttonClass({ variant: 'outline', size: 'sm' })}
      aria-label={label}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={async () => {
        setBusy(true)
        try {
          saveBlob(await svgToPng(await fetchText(file.path)), fileName(file.path, 'png'))
        } catch (error) {
          addToast({ title: 'The PNG could not be made', description: error instanceof Error ? error.message : String(error), color: 'error' })
        } finally {
          setBusy(false)
        }
      }}
    >
      <Icon name="i-lucide-download" /> PNG
    </button>
  )
}

function ColourValue({ label, value }: { label: string; value: string }) {
  return (
    <CopyButton text={value} label={`Copy ${label}`} className="kit-colour-value">
      <span className="sr-only">Copy {label}: </span>
      <code>{value}</code>
    </CopyButton>
  )
}

function RuleList({ title, items, icon, tone }: { title: string; items: readonly string[]; icon: string; tone: 'do' | 'dont' }) {
  if (!items.length) return null
  return (
    <div className={cardClass({ padded: true, className: `kit-rule kit-rule-${tone}` })}>
      <h3 className="kit-rule-title">
        <Icon name={icon} size={20} /> {title}
      </h3>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  )
}
