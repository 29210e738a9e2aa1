/** The AI settings tabs, loaded in their own chunk when one of them is opened. */
export { ProvidersTab } from './ProvidersTab';
export { ModelsTab } from './ModelsTab';
export { DefaultModelTab } from './DefaultModelTab';
export { ParsersTab } from './ParsersTab';
export { SetupGuideTab } from './SetupGuideTab';
