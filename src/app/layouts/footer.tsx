import { Link } from 'react-router-dom'

import { site } from '../../config/site'

export function Footer() {
  const year = new Date().getFullYear()
  const { columns, copyrightStartYear, license } = site.footer
  return (
    <footer>
      {columns.map((column) => (
        <nav key={column.label} aria-label={column.label}>
          <h2>{column.label}</h2>
          <ul>
            {column.children.map((link) => (
              <li key={link.label}>
                {/^https?:\/\//.test(link.to) ? (
                  <a href={link.to} target={link.target ?? '_blank'} rel="noopener noreferrer">
                    {link.label || 'Missing link'}
                  </a>
                ) : (
                  <Link to={link.to}>{link.label || 'Missing link'}</Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      ))}
      <p>
        © {copyrightStartYear}–{year} {site.brand.name} ·{' '}
        <a href={license.to} target="_blank" rel="noopener noreferrer">
          {license.label}
        </a>
      </p>
      <ul aria-label="Social">
        {site.social.map((link) => (
          <li key={link.label}>
            <a href={link.to} target="_blank" rel="noopener noreferrer" aria-label={link.label}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </footer>
  )
}
