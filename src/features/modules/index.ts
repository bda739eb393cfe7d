export { moduleCountsQuery, moduleQuery, moduleSearchQuery, modulesQuery, type Module, type ModuleListItem } from './api'
export { applyFilters, moduleSorts, readFilters, writeFilters, type ModuleFilters } from './filters'
export { ModulePage } from './components/module-page'
export { ModulesPage } from './components/modules-page'
