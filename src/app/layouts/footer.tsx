import { memo } from 'react'
import { useLocation } from 'react-router-dom'

import { AppLink } from '@/components/ui/app-link'
import { Icon } from '@/components/ui/icon'
import { site } from '@/config/site'
import { isExternal } from '@/contract/links'
import { columnsOn } from '@/contract/sections'
import { NewsletterForm } from '@/features/newsletter'
import { useLabels, useWords } from '@/lib/ui-words'

import { menuTarget } from './menu-target'

function FooterLink({ to, label, target }: { to: string; label: string; target?: string | undefined }) {
  return isExternal(to) ? (
    <a href={to} target={target ?? '_blank'} rel="noopener noreferrer">
      {label || 'Missing link'}
    </a>
  ) : (
    <AppLink to={to}>{label || 'Missing link'}</AppLink>
  )
}

/** The columns without links to switched-off sections (sections in site.config.ts), so a team switches a section off in one place. */
const columns = columnsOn(site.footer.columns, site.sections)

/** The footer's own words in the page's language (site.config `locales[].ui`); its columns and links are the config's. */
function NewsletterSignup() {
  const say = useWords()
  return <NewsletterForm description={say('newsletterDescription', { brand: site.brand.name })} />
}

/** The columns in the page's language (site.config `locales[].labels`): the one part of the footer drawn again as the reader moves. */
function FooterColumns() {
  const label = useLabels()
  const { pathname } = useLocation()
  return (
    <div className="footer-columns">
      {columns.map((column) => (
        <nav key={column.label} aria-label={label(column.label)}>
          <h2>{label(column.label)}</h2>
          <ul>
            {column.children.map((link) => (
              <li key={link.label}>
                <FooterLink to={menuTarget(link.to, pathname)} label={label(link.label)} target={link.target} />
              </li>
            ))}
          </ul>
        </nav>
      ))}
    </div>
  )
}

/**
 * SPEC point 2: the Community, Products and Enterprise columns, the newsletter form
 * (unless the newsletter is switched off), copyright and social links. Static: memoised
 * (the form and the columns follow the page's language by themselves).
 */
export const Footer = memo(function Footer() {
  const year = new Date().getFullYear()
  const { copyrightStartYear, license } = site.footer
  return (
    <footer className="site-footer">
      <div className="container footer-top">
        <FooterColumns />
        {site.sections.newsletter ? (
          <div className="footer-newsletter">
            <NewsletterSignup />
          </div>
        ) : null}
      </div>
      <div className="container footer-bottom">
        <p>
          © {copyrightStartYear}–{year} {site.brand.name} ·{' '}
          <a href={license.to} target="_blank" rel="noopener noreferrer">
            {license.label}
          </a>
        </p>
        <ul aria-label="Social" className="footer-social">
          {site.social.map((link) => (
            <li key={link.label}>
              <a href={link.to} target="_blank" rel="noopener noreferrer" title={link.label}>
                <Icon name={link.icon} size={20} />
                <span className="sr-only">{link.label}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  )
})
