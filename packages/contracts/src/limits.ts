/**
 * Text limits as plain numbers, apart from the zod schemas that enforce them: a page that only needs a
 * limit (the router's URL checks in the first script) imports this file without pulling in zod.
 */
export const CATEGORY_MAX_LENGTH = 50;
export const SEARCH_MAX_LENGTH = 200;
export const RULE_PATTERN_MAX_LENGTH = 200;
