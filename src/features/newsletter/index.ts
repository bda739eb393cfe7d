export { confirm, subscribe, unsubscribe } from './api'
export { NewsletterForm } from './components/newsletter-form'
export { NewsletterPage } from './components/newsletter-page'
export { useNewsletterLinks } from './use-newsletter-links'
