/**
 * What names an API: its name's pattern and the types that name one. Which APIs there are is a
 * value (an `ApiSet`, api-set.ts) that every caller is given; nothing in the shared layers names or
 * imports an API.
 */
export { API_NAME_PATTERN } from './api-set.js';
export type { ApiName, ApiTypes, TypedApiName } from './api-types.js';
