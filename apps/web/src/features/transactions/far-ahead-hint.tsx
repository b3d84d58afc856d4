// Moved beside the date field it belongs to; kept here for the forms that import it from this path.
export { FarAheadHint } from '~/components/money-fields';
