import { defineSiteConfig, type SiteConfigInput } from './src/contract/site-schema.ts'

/**
 * Everything that makes this site "Fjord". Point the docs folders (or the
 * DOCS_V4_DIR / DOCS_V3_DIR environment variables) at your own content and change
 * the brand to ship your framework's site.
 */
const site: SiteConfigInput = {
  brand: {
    name: 'Fjord',
    tagline: 'The calm full-stack web framework',
    description:
      'Fjord is an open-source TypeScript framework for building fast, accessible full-stack web applications with file-based routing, server routes and a module ecosystem.',
    logo: '/design-kit/fjord-logo-light.svg',
    icon: { light: '/design-kit/fjord-icon-light.svg', dark: '/design-kit/fjord-icon-dark.svg' },
    url: 'https://fjord.dev',
    repo: 'fjordjs/fjord',
    npm: 'fjord',
  },
  // The brand colour, the greys and the corners: every colour token, light and dark, is
  // derived from these with AA contrast (docs/theming.md).
  theme: { primary: '#00dc82', neutral: 'slate', radius: '0.375rem' },
  docs: {
    versions: [
      {
        label: 'Version 4',
        tag: '4.0.1',
        shortTag: 'v4',
        branch: 'main',
        tagColor: 'info',
        path: '/docs/4.x',
        collection: 'docsv4',
        dir: 'content/docs/4.x',
        dirEnv: 'DOCS_V4_DIR',
      },
      {
        label: 'Version 3',
        tag: '3.17.7',
        shortTag: 'v3',
        branch: '3.x',
        tagColor: 'primary',
        path: '/docs/3.x',
        collection: 'docsv3',
        dir: 'content/docs/3.x',
        dirEnv: 'DOCS_V3_DIR',
      },
    ],
    editUrl: 'https://github.com/fjordjs/fjord/edit/{branch}/docs/{file}',
  },
  header: {
    menus: [
      {
        label: 'Docs',
        children: [
          { label: 'Get Started', to: '/docs/getting-started', icon: 'i-lucide-rocket', description: 'Install Fjord and create your first app.' },
          { label: 'Guide', to: '/docs/guide', icon: 'i-lucide-book-open', description: 'Concepts, directory structure and going further.' },
          { label: 'API', to: '/docs/api', icon: 'i-lucide-code', description: 'Components, composables, utilities, commands and configuration.' },
          { label: 'Examples', to: '/docs/examples', icon: 'i-lucide-app-window-mac', description: 'Small, complete apps that show one idea each.' },
          { label: 'Community', to: '/docs/community', icon: 'i-lucide-users', description: 'Get help and contribute to Fjord.' },
          { label: 'Bridge', to: '/docs/bridge', icon: 'i-lucide-arrow-right-left', description: 'Use version 4 features in a version 3 app.' },
          { label: 'Migration', to: '/docs/migration', icon: 'i-lucide-milestone', description: 'Upgrade from the previous major version.' },
        ],
      },
      {
        label: 'Integrations',
        children: [
          { label: 'Modules', to: '/modules', icon: 'i-lucide-puzzle', description: 'Extend Fjord with official and community modules.' },
          { label: 'Hosting', to: '/deploy', icon: 'i-lucide-rocket', description: 'Deploy your app to any provider.' },
        ],
      },
      {
        label: 'Resources',
        children: [
          { label: 'Templates', to: '/templates', icon: 'i-lucide-app-window', description: 'Start from a ready-made project.' },
          { label: 'Video Courses', to: '/video-courses', icon: 'i-lucide-graduation-cap', description: 'Learn Fjord with video courses.' },
          { label: 'Showcase', to: '/showcase', icon: 'i-lucide-presentation', description: 'Websites built with Fjord.' },
          { label: 'Certification', to: 'https://certification.fjord.dev', icon: 'i-lucide-award', description: 'Prove your Fjord skills.', target: '_blank' },
        ],
      },
      {
        label: 'Products',
        children: [
          { label: 'Fjord UI', to: 'https://ui.fjord.dev', icon: 'i-lucide-panels-top-left', description: 'Accessible components for Fjord apps.', target: '_blank' },
          { label: 'Fjord Studio', to: 'https://studio.fjord.dev', icon: 'i-lucide-pen-tool', description: 'Edit your content visually.', target: '_blank' },
          { label: 'Fjord Cloud', to: 'https://cloud.fjord.dev', icon: 'i-lucide-cloud', description: 'Zero-config hosting for Fjord apps.', target: '_blank' },
        ],
      },
      {
        label: 'Enterprise',
        children: [
          { label: 'Overview', to: '/enterprise', icon: 'i-lucide-building-2' },
          { label: 'Support', to: '/enterprise/support', icon: 'i-lucide-life-buoy' },
          { label: 'Agencies', to: '/enterprise/agencies', icon: 'i-lucide-handshake' },
          { label: 'Sponsors', to: '/enterprise/sponsors', icon: 'i-lucide-heart' },
        ],
      },
      { label: 'Blog', to: '/blog' },
      { label: 'Design Kit', to: '/design-kit' },
    ],
  },
  footer: {
    columns: [
      {
        label: 'Community',
        children: [
          { label: 'Fjord Community', to: 'https://community.fjord.dev', target: '_blank' },
          { label: 'Team', to: '/team' },
          { label: 'Design Kit', to: '/design-kit' },
        ],
      },
      {
        label: 'Products',
        children: [
          { label: 'Fjord UI', to: 'https://ui.fjord.dev', target: '_blank' },
          { label: 'Fjord Studio', to: 'https://studio.fjord.dev', target: '_blank' },
          { label: 'Fjord Cloud', to: 'https://cloud.fjord.dev', target: '_blank' },
        ],
      },
      {
        label: 'Enterprise',
        children: [
          { label: 'Support', to: '/enterprise/support' },
          { label: 'Agencies', to: '/enterprise/agencies' },
          { label: 'Sponsors', to: '/enterprise/sponsors' },
          { label: 'Jobs', to: '/enterprise/jobs' },
        ],
      },
    ],
    copyrightStartYear: 2016,
    license: { label: 'MIT License', to: 'https://github.com/fjordjs/fjord/blob/main/LICENSE' },
  },
  social: [
    { label: 'X', icon: 'i-simple-icons-x', to: 'https://x.com/fjordjs', target: '_blank' },
    { label: 'Bluesky', icon: 'i-simple-icons-bluesky', to: 'https://bsky.app/profile/fjord.dev', target: '_blank' },
    { label: 'LinkedIn', icon: 'i-simple-icons-linkedin', to: 'https://www.linkedin.com/company/fjordjs', target: '_blank' },
    { label: 'Discord', icon: 'i-simple-icons-discord', to: 'https://chat.fjord.dev', target: '_blank' },
    { label: 'GitHub', icon: 'i-simple-icons-github', to: 'https://github.com/fjordjs/fjord', target: '_blank' },
  ],
  api: { baseUrl: '/api' },
  stats: { stars: 24817, contributors: 612 },
  auth: { admins: ['ingridsolberg', 'tomasreyes'] },
  // Draft pages for whoever opens the site with ?preview=<FJORD_PREVIEW_TOKEN>.
  preview: { api: '/api/_preview' },
  modules: { iconBaseUrl: '/icons/modules/' },
  redirects: {
    '/support/us': '/enterprise/sponsors',
    // Fixed documentation paths (SPEC point 2) whose pages live deeper in the guide.
    '/docs/4.x/recipes': '/docs/4.x/guide/recipes',
    '/docs/3.x/recipes': '/docs/3.x/guide/recipes',
    '/docs/4.x/best-practices': '/docs/4.x/guide/best-practices',
    '/docs/3.x/best-practices': '/docs/3.x/guide/best-practices',
    '/docs/4.x/custom-routing': '/docs/4.x/guide/recipes/custom-routing',
    '/docs/3.x/custom-routing': '/docs/3.x/guide/recipes/custom-routing',
    '/docs/4.x/guide/going-further/custom-routing': '/docs/4.x/guide/recipes/custom-routing',
    '/docs/3.x/guide/going-further/custom-routing': '/docs/3.x/guide/recipes/custom-routing',
    // A short link that leaves the site.
    '/discord': 'https://chat.fjord.dev',
  },
  middleware: {
    '/admin': ['auth'],
    '/admin/login': ['guest'],
  },
  // Every optional section is on; set one to false to leave it out of the site (docs/sections.md).
  sections: {
    blog: true,
    modules: true,
    deploy: true,
    templates: true,
    showcase: true,
    videoCourses: true,
    enterprise: { overview: true, jobs: true, support: true, sponsors: true, agencies: true },
    team: true,
    designKit: true,
    newsletter: true,
    askAi: true,
    admin: true,
  },
  // The languages the site is read in, the default first; Spanish translates part of the 4.x docs (docs/translations.md).
  locales: [
    { code: 'en', label: 'English', lang: 'en' },
    {
      code: 'es',
      label: 'Español',
      lang: 'es',
      docs: { '4.x': 'content/es/docs/4.x' },
      ui: {
        language: 'Idioma',
        notTranslated: 'Esta página aún no está traducida: esta es la más cercana.',
        onThisPage: 'En esta página',
        copyPage: 'Copiar página',
        copyPageAsMarkdown: 'Copiar la página como Markdown',
        viewAsMarkdown: 'Ver como Markdown',
        editPage: 'Editar esta página en GitHub',
        lastUpdated: 'Última actualización:',
        previous: 'Anterior',
        next: 'Siguiente',
        previousAndNext: 'Páginas anterior y siguiente',
        documentationMenu: 'Menú de la documentación',
        searchButton: 'Buscar...',
        searchPlaceholder: 'Escribe un comando o busca...',
        searchLoading: 'Cargando…',
        noMatchingData: 'Sin resultados',
        searchAllLanguages: 'Buscar en todos los idiomas',
        useWithAi: 'Usar con IA',
        llmsTxtDescription: 'Todas las páginas de la documentación, cada una con un enlace a su Markdown',
        llmsFullTxtDescription: 'La documentación de {version} en un solo archivo de texto',
        mcpServer: 'Servidor MCP',
        mcpServerDescription: 'Deja que el asistente de tu editor lea esta documentación',
        mcpInEditor: 'Usa esta documentación en tu editor (MCP)',
        mcpInEditorNote: 'Ask AI te responde aquí. Para que el asistente de tu editor lea esta documentación, conéctalo al servidor MCP.',
        mcpEndpoint: 'Endpoint MCP',
        copyMcpEndpoint: 'Copiar la URL del endpoint MCP',
        mcpUnavailableTitle: 'Esta copia no tiene endpoint MCP',
        mcpUnavailable:
          'Esta copia de la documentación se sirve sin servidor, así que no tiene endpoint MCP. Dale a tu asistente {llms}: enumera todas las páginas, cada una con un enlace a su Markdown.',
        pageNotFoundFatal: 'Página no encontrada: {path}',
        pageNotFound: 'Página no encontrada: {path}',
        errorTitle: 'Página no encontrada',
        errorDescription: 'Lo sentimos, pero no hemos podido encontrar esta página.',
        backToHome: 'Volver al inicio',
        offlineTitle: 'Estás sin conexión',
        offlineText: 'Esta página no se ha guardado en este navegador, así que necesita conexión. Las páginas que ya has leído se abren sin ella.',
        offlineKept: 'Esta documentación está guardada para leerla sin conexión:',
        offlineKeptDocs: 'Documentación de {brand} {version}',
        tryAgain: 'Reintentar',
        readOffline: 'Leer sin conexión',
        offlineDocs: 'la documentación de {version}',
        offlineOffer: 'Guarda las {pages} páginas de {docs} en este navegador: {size} para descargar.',
        downloadForOffline: 'Descargar para leer sin conexión',
        offlineDownloading: 'Descargando {docs} para leerla sin conexión.',
        offlineProgress: '{received} de {total}',
        cancel: 'Cancelar',
        offlineAvailable: 'Disponible sin conexión: {pages} páginas, {size} en este navegador.',
        offlineAvailableAll: 'Las {pages} páginas de {docs} están disponibles sin conexión.',
        removeOfflineCopy: 'Eliminar la copia sin conexión',
        offlineFailed: 'La descarga ha fallado: {message}',
        offlineFailedRetry: 'La descarga ha fallado: {message}. Vuelve a intentarlo cuando tengas conexión.',
        skipToContent: 'Saltar al contenido',
        docsVersion: 'Versión de la documentación',
        darkMode: 'Modo oscuro',
        openMenu: 'Abrir el menú',
        menu: 'Menú',
        latestRelease: 'Última versión:',
        gitHubStars: 'Estrellas en GitHub:',
        documentation: 'Documentación',
        documentationInMenu: 'Documentación (menú)',
        breadcrumb: 'Ruta de navegación',
        close: 'Cerrar',
        notifications: 'Notificaciones',
        copyCode: 'Copiar el código al portapapeles',
        copied: 'Copiado',
        copyFailed: 'No se ha podido copiar',
        copyFailedDescription: 'Tu navegador no ha permitido el acceso al portapapeles.',
        calloutNote: 'Nota',
        calloutTip: 'Consejo',
        calloutImportant: 'Importante',
        calloutWarning: 'Advertencia',
        calloutCaution: 'Precaución',
        newsletterHeading: 'Suscríbete a nuestro boletín',
        newsletterDescription: 'Mantente al día de las nuevas versiones y funciones, las guías y las novedades de la comunidad de {brand}.',
        email: 'Correo electrónico',
        emailPlaceholder: 'tu@ejemplo.com',
        subscribe: 'Suscribirse',
        subscribing: 'Suscribiendo',
        invalidEmail: 'Introduce un correo electrónico válido',
        subscriptionPending: 'Suscripción pendiente',
        subscriptionPendingDescription: 'Revisa tu correo electrónico para confirmar la suscripción.',
        subscriptionFailed: 'No se ha podido completar la suscripción',
        genericFailure: 'Algo ha salido mal. Vuelve a intentarlo más tarde.',
      },
    },
  ],
  // Markdown components of this site, beside the renderer's own (README: "Use your own content").
  content: { components: { 'browser-support': 'src/content-components/browser-support.tsx' } },
  // The admin header shows the signed-in GitHub user's avatar.
  security: { imageOrigins: ['https://avatars.githubusercontent.com'] },
  // The Ask AI widget's script is loaded the first time a reader asks (tests serve a local stand-in at this URL).
  askAi: { scriptUrl: 'https://ask.fjord.dev/widget.js', disclaimer: 'Answers are AI-generated and may be inaccurate. Check the documentation for anything important.' },
}

// BASE_PATH=/fjord/ serves the whole site under that sub-path (it wins over `base`, which is `/` unless set);
// SITE_HOSTING=static builds it for a static file host, without a server (docs/configuration.md).
export default defineSiteConfig(site, process.env)
