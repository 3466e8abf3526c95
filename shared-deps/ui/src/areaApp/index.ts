export { createAreaApp } from './createAreaApp';
export { areaElement, areaElementId, MAIN_ELEMENT_ID } from './areaElement';
export type { AreaAppOptions, AreaAppLifecycles } from './createAreaApp';
