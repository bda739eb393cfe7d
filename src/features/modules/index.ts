export { defaultOrder, moduleQuery, modulesQuery, type Module } from './api'
export { ModulePage } from './components/module-page'
export { ModulesPage } from './components/modules-page'
